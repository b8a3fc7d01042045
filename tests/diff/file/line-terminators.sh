printf 'a\r\nb\r\n' > crlf; printf 'a\rb\r' > cr; printf 'a\r\nb\n' > mixed
file crlf cr mixed
