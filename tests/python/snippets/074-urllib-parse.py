from urllib.parse import urlparse, parse_qs, urlencode, quote, unquote, urljoin
u = urlparse("https://user@example.com:8443/a/b.html?x=1&y=2&y=3#frag")
print(u.scheme, u.netloc, u.hostname, u.port, u.path, u.query, u.fragment)
print(parse_qs(u.query))
print(urlencode({"q": "a b&c", "n": 1}))
print(quote("a b/c?d"), quote("a b/c", safe=""), unquote("%7Euser%20x"))
print(urljoin("http://h/a/b/c", "../d"), urljoin("http://h/a/", "/z"))
