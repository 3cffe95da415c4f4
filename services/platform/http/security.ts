import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers of the documents (the two front ends, uploaded images, anything not JSON).
 * The content security policy allows exactly the third parties the product uses: Google
 * Identity Services (sign-in), YouTube embeds, and https images (hosted uploads).
 */
export const securityHeaders = () =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: [
          'https://accounts.google.com/gsi/',
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
        ],
        mediaSrc: ["'self'", 'https:'],
        workerSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google sign-in opens a popup that must be able to talk back to the page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

/**
 * The headers of every JSON answer (the API and the health endpoints), written as constants:
 * never sniffed as anything but JSON, never cached, loading nothing and framed by nobody,
 * readable by our own origin only (a `no-cors` read from another site is blocked), and HTTPS
 * only once a browser has seen it over HTTPS (as helmet sends it to the documents). The
 * documents' policy (scripts, styles, frames, popups) governs documents and is not needed on
 * JSON, which a browser never renders.
 */
export const JSON_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Cache-Control', 'no-store'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
];

/** Sets `JSON_SECURITY_HEADERS` on an answer. */
export const setJsonSecurityHeaders = (res: ServerResponse): void => {
  for (const [name, value] of JSON_SECURITY_HEADERS) res.setHeader(name, value);
};

export const jsonSecurityHeaders: RequestHandler = (_req, res, next) => {
  setJsonSecurityHeaders(res);
  next();
};
