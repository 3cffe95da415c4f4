/** What `/readyz` reports for one port. */
export type PortStatus = Readonly<{
  port: string;
  adapter: string;
  ok: boolean;
  detail?: string;
}>;

/** Something the runtime must close on shutdown, in reverse order of opening. */
export interface Closeable {
  close(): Promise<void>;
}
