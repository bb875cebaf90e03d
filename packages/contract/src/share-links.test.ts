import { describe, expect, it } from 'vitest';
import { internationalPhone, smsUrl, whatsappUrl } from './share-links.js';

describe('phone numbers for WhatsApp and SMS', () => {
  it.each([
    ['08031234567', 'Nigeria', '2348031234567'],
    ['0803 123 4567', 'Nigeria', '2348031234567'],
    ['(0803) 123-4567', 'NG', '2348031234567'],
    ['8031234567', 'Nigeria', '2348031234567'],
    ['2348031234567', 'Nigeria', '2348031234567'],
    ['+234 803 123 4567', 'Nigeria', '2348031234567'],
    ['00234 803 123 4567', null, '2348031234567'],
    ['0701-234-5678', null, '2347012345678'],
    ['024 412 3456', 'Ghana', '233244123456'],
    ['+1 (415) 555-0123', 'Nigeria', '14155550123'],
    ['(415) 555-0123', 'United States', '14155550123'],
    ['07911 123456', 'United Kingdom', '447911123456'],
  ])('%s in %s is %s', (raw, country, expected) => {
    expect(internationalPhone(raw, country)).toBe(expected);
  });

  it.each([['12345'], ['0803123456789012'], ['call me'], ['+12'], ['']])('%s is not a number', (raw) => {
    expect(internationalPhone(raw, 'Nigeria')).toBeNull();
  });

  it('makes wa.me and sms: links with the message', () => {
    const message = 'Your receipt from Mama Nkechi: https://t.example/r/abc.def';
    expect(whatsappUrl(message, '2348031234567')).toBe(
      `https://wa.me/2348031234567?text=${encodeURIComponent(message)}`,
    );
    expect(whatsappUrl('hi', null)).toBe('https://wa.me/?text=hi');
    expect(smsUrl('Paid & thanks', '2348031234567')).toBe('sms:+2348031234567?body=Paid%20%26%20thanks');
  });
});
