import helmet from 'helmet';

/**
 * Security headers. The content security policy allows exactly the third parties the product
 * uses: Google Identity Services (sign-in), YouTube embeds, and https images (hosted uploads).
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
