import { describe, expect, it } from 'vitest';
import { attachmentName } from './attachment';

describe('the name of a CSV export', () => {
  it('is the one the server gives', () => {
    expect(attachmentName('attachment; filename="ledger-u1-2026-03-01.csv"', 'x.csv')).toBe(
      'ledger-u1-2026-03-01.csv',
    );
    expect(attachmentName('attachment; filename=verifications.csv', 'x.csv')).toBe(
      'verifications.csv',
    );
  });

  it('falls back when there is none, or when it is not a plain file name', () => {
    expect(attachmentName(null, 'ledger.csv')).toBe('ledger.csv');
    expect(attachmentName('attachment', 'ledger.csv')).toBe('ledger.csv');
    expect(attachmentName('attachment; filename="../../etc/x.csv"', 'ledger.csv')).toBe(
      'ledger.csv',
    );
  });
});
