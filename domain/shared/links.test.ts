import { describe, expect, it } from 'vitest';
import { isSafeHttpsUrl, isSafeHttpUrl, MAX_URL_LENGTH } from './links.ts';

describe('the URL rule for stored links', () => {
  it.each([
    'https://instagram.com/asha.cooks',
    'http://example.com',
    'HTTPS://Instagram.com/Asha',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10#comments',
    'https://youtube.com/@AshaCooksTV',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://res.cloudinary.com/demo/image/upload/c_fill,w_150/v1712/a_b.jpg',
    'https://xn--nstagram-p3a.com/', // punycode as typed: what is read is where it goes
    'http://127.0.0.1:8080/uploads/3f2a9c.png',
    'http://localhost:5173/',
    'https://[::1]:8443/x',
    'https://my_site.example.in/a%20b',
    `https://example.com/${'a'.repeat(MAX_URL_LENGTH - 'https://example.com/'.length)}`,
  ])('accepts %s', (url) => {
    expect(isSafeHttpUrl(url)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['javascript', 'javascript:alert(document.cookie)'],
    ['javascript, mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript hidden by a tab', 'java\tscript:alert(1)'],
    ['javascript after a newline', '\njavascript:alert(1)'],
    ['data', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['data image', 'data:image/png;base64,iVBORw0KGgo='],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['file', 'file:///etc/passwd'],
    ['ftp', 'ftp://example.com/a.jpg'],
    ['blob', 'blob:https://example.com/5f1c'],
    ['protocol-relative', '//evil.example/x'],
    ['root-relative', '/uploads/a.jpg'],
    ['relative', 'instagram.com/asha'],
    ['scheme without slashes', 'http:evil.example'],
    ['scheme with one slash', 'https:/evil.example'],
    ['scheme with three slashes', 'https:///evil.example'],
    ['no host', 'https://'],
    ['only a port', 'https://:443/'],
    ['credentials', 'https://user:password@example.com/'],
    ['a user that reads as the host', 'https://instagram.com@evil.example/asha'],
    ['an empty user', 'https://@evil.example/'],
    ['an empty password', 'https://a:@evil.example/'],
    ['backslash', 'https://evil.example\\@instagram.com/'],
    ['backslash as a slash', 'https:\\\\evil.example'],
    ['NUL', 'https://exa\u0000mple.com/'],
    ['a space in the host', 'https://exa mple.com/'],
    ['a space in the path', 'https://example.com/a b'],
    ['a line break in the path', 'https://example.com/a\r\nSet-Cookie:x'],
    ['DEL', 'https://example.com/\u007f'],
    ['a C1 control', 'https://example.com/\u0085'],
    ['a no-break space', 'https://example.com/\u00a0'],
    ['right-to-left override', 'https://example.com/\u202Egnp.exe'],
    ['zero-width space', 'https://insta\u200bgram.com/'],
    ['byte order mark', '\ufeffhttps://example.com/'],
    ['a look-alike Unicode host', 'https://іnstagram.com/asha'],
    ['a percent-encoded host', 'https://%65vil.example/'],
    ['a hexadecimal IPv4 host', 'http://0x7f.1/'],
    ['a decimal IPv4 host', 'http://2130706433/'],
    ['an octal IPv4 host', 'http://0177.0.0.1/'],
    ['a port out of range', 'https://example.com:99999/'],
    ['a host ending in a hyphen', 'https://example-.com/'],
    ['an empty label', 'https://example..com/'],
    ['a trailing dot', 'https://example.com./'],
    ['leading whitespace', ' https://example.com/'],
    ['too long', `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`],
  ])('refuses %s', (_name, url) => {
    expect(isSafeHttpUrl(url)).toBe(false);
  });

  it('takes https only where pictures are concerned', () => {
    expect(isSafeHttpsUrl('https://example.com/a.jpg')).toBe(true);
    expect(isSafeHttpsUrl('http://example.com/a.jpg')).toBe(false);
    expect(isSafeHttpsUrl('https://user@example.com/a.jpg')).toBe(false);
  });

  it('answers an address asked again as the first time, however many came between', () => {
    const good = 'https://instagram.com/asha.cooks';
    const bad = 'https://instagram.com@evil.example/asha.cooks';
    for (let round = 0; round < 2; round++) {
      expect(isSafeHttpUrl(good)).toBe(true);
      expect(isSafeHttpUrl(bad)).toBe(false);
      for (let i = 0; i < 2_500; i++) {
        expect(isSafeHttpUrl(`https://example.com/${round}/${i}`)).toBe(true);
        expect(isSafeHttpUrl(`https://user:${i}@example.com/`)).toBe(false);
      }
    }
  });
});
