import { describe, expect, it } from 'vitest';
import { directMessage, instagramHandle } from './dm-message';

describe('instagramHandle', () => {
  it('shows the handle with exactly one leading @', () => {
    expect(instagramHandle('asha.cooks')).toBe('@asha.cooks');
    expect(instagramHandle('@asha.cooks')).toBe('@asha.cooks');
    expect(instagramHandle(' @@asha.cooks ')).toBe('@asha.cooks');
  });
});

describe('directMessage', () => {
  it('greets the handle, gives the code and asks to verify the Instagram account on LinkCoin', () => {
    expect(directMessage({ profileName: 'asha.cooks', otp: '042917' })).toBe(
      'Hi @asha.cooks! Your LinkCoin verification code is 042917. Enter it in your LinkCoin ' +
        'profile (Verification step) to verify your Instagram account.',
    );
  });

  it('does not double the @ of a handle typed with one', () => {
    const message = directMessage({ profileName: '@chef.ravi', otp: '123456' });
    expect(message.startsWith('Hi @chef.ravi! ')).toBe(true);
    expect(message).toContain('123456');
  });
});
