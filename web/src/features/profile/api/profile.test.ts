import { describe, expect, it } from 'vitest';
import { checkAvatarFile, MAX_UPLOAD_BYTES } from './profile';

describe('avatar file check (before upload)', () => {
  it('refuses files above 50 MB and accepts exactly 50 MB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(50 * 1024 * 1024);
    expect(checkAvatarFile({ size: MAX_UPLOAD_BYTES + 1, type: 'image/png' })).toBe('too_large');
    expect(checkAvatarFile({ size: MAX_UPLOAD_BYTES, type: 'image/png' })).toBeNull();
  });
  it('accepts PNG, JPEG, GIF and WebP only', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(checkAvatarFile({ size: 10, type })).toBeNull();
    for (const type of ['image/svg+xml', 'application/pdf', 'text/plain', '']) expect(checkAvatarFile({ size: 10, type })).toBe('not_image');
  });
});
