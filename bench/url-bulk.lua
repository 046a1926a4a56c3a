-- POST /l/api/url/bulk with 1,000 links a call (aliases generated); the body is built once.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local items = {}
for i = 1, 1000 do
  items[i] = '{"url":"https://example.com/bulk/' .. i .. '","title":"Bulk link ' .. i .. '"}'
end
wrk.body = '{"urls":[' .. table.concat(items, ",") .. ']}'
