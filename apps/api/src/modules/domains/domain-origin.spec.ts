import { domainProblem, normalizeDomain } from './domain-origin';

describe('normalizeDomain', () => {
  it('keeps the scheme, the host in lower case and a port', () => {
    expect(normalizeDomain('https://Go.Example.com/')).toEqual({ origin: 'https://go.example.com', host: 'go.example.com' });
    expect(normalizeDomain('http://go.example.com:8080')).toEqual({ origin: 'http://go.example.com:8080', host: 'go.example.com' });
  });

  it('turns a non-Latin host into its punycode form', () => {
    expect(normalizeDomain('https://bücher.example').host).toBe('xn--bcher-kva.example');
  });

  it('says what is wrong with anything else', () => {
    expect(domainProblem('go.example.com')).toMatch(/is not a URL/);
    expect(domainProblem('ftp://go.example.com')).toMatch(/http or https/);
    expect(domainProblem('https://go.example.com/path')).toMatch(/without a path/);
    expect(domainProblem('https://user:pw@go.example.com')).toMatch(/credentials/);
    expect(domainProblem('https://192.0.2.1')).toMatch(/not a domain name/);
    expect(domainProblem('https://localhost')).toMatch(/not a domain name/);
    expect(() => normalizeDomain('javascript:alert(1)')).toThrow(/http or https/);
  });
});
