-- POST /l/api/url/add with a different destination each time (the alias is generated).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"url":"https://example.com/bench/' .. n .. '"}')
end
