import type { Page } from 'playwright-core';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
/** Opens the console at /admin and signs in through react-admin's login page. */
export declare function consoleLogIn(page: Page, server: TestServer, email: string, password: string): Promise<void>;
/** The console's login page: its heading and the Sign in button. */
export declare function loginPageShown(page: Page): Promise<void>;
/** Waits until the console shows the route `#/{path}` (query string ignored). */
export declare function waitForConsoleRoute(page: Page, path: string): Promise<void>;
/** Whether the browser holds a session (the server's readable companion of the refresh cookie). */
export declare const consoleSignedIn: (page: Page) => Promise<boolean>;
