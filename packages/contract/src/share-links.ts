// Sharing a receipt or a statement by WhatsApp or SMS (issue 35), the same on the server (the
// share route's answer) and the web (the till's buttons, offline too). No zod: the till's first
// screen imports it.

/**
 * Calling codes and national number lengths of the countries a store names (its `country`, by
 * name or ISO code). Nigeria first: most stores are there. A number in a store of a country not
 * listed must be typed with its `+` code.
 */
const COUNTRIES: ReadonlyArray<{
  iso: string;
  names: readonly string[];
  code: string;
  digits: readonly number[];
}> = [
  { iso: 'NG', names: ['nigeria'], code: '234', digits: [10] },
  { iso: 'GH', names: ['ghana'], code: '233', digits: [9] },
  { iso: 'KE', names: ['kenya'], code: '254', digits: [9] },
  { iso: 'ZA', names: ['south africa'], code: '27', digits: [9] },
  { iso: 'UG', names: ['uganda'], code: '256', digits: [9] },
  { iso: 'TZ', names: ['tanzania'], code: '255', digits: [9] },
  { iso: 'RW', names: ['rwanda'], code: '250', digits: [9] },
  { iso: 'CM', names: ['cameroon'], code: '237', digits: [9] },
  { iso: 'SN', names: ['senegal'], code: '221', digits: [9] },
  { iso: 'CI', names: ["cote d'ivoire", 'ivory coast'], code: '225', digits: [10] },
  { iso: 'BJ', names: ['benin'], code: '229', digits: [8, 10] },
  { iso: 'TG', names: ['togo'], code: '228', digits: [8] },
  { iso: 'EG', names: ['egypt'], code: '20', digits: [10] },
  { iso: 'GB', names: ['united kingdom', 'uk', 'great britain', 'england'], code: '44', digits: [10] },
  { iso: 'US', names: ['united states', 'usa', 'united states of america'], code: '1', digits: [10] },
  { iso: 'CA', names: ['canada'], code: '1', digits: [10] },
  { iso: 'IN', names: ['india'], code: '91', digits: [10] },
  { iso: 'AE', names: ['united arab emirates', 'uae'], code: '971', digits: [9] },
];

function countryOf(country: string | null | undefined) {
  const key = (country ?? '').trim().toLowerCase();
  return COUNTRIES.find((c) => c.iso.toLowerCase() === key || c.names.includes(key)) ?? COUNTRIES[0]!;
}

/**
 * A phone number as WhatsApp and SMS want it: digits only, with the country's calling code and
 * no leading `+` or trunk `0` (`0803 123 4567` in Nigeria → `2348031234567`). A number with its
 * `+` or `00` code is taken as it is; one without is read in the store's country (Nigeria when
 * the store names none). Null when it cannot be a phone number.
 */
export function internationalPhone(raw: string, storeCountry?: string | null): string | null {
  const text = raw.trim();
  if (!/^[+\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  const explicit = text.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (explicit) return digits.length >= 8 && digits.length <= 15 ? digits : null;
  const country = countryOf(storeCountry);
  // A national number with its trunk 0 (`0803…`), without it (`803…`), or with the code but no
  // `+` (`234803…`); Nigerians write all three.
  if (digits.startsWith(country.code) && country.digits.includes(digits.length - country.code.length)) {
    return digits;
  }
  const national = digits.startsWith('0') ? digits.slice(1) : digits;
  return country.digits.includes(national.length) ? `${country.code}${national}` : null;
}

/** A WhatsApp link that opens a chat with the number (or the contact picker, with none) and the message typed. */
export function whatsappUrl(message: string, phone: string | null): string {
  return `https://wa.me/${phone ?? ''}?text=${encodeURIComponent(message)}`;
}

/** An `sms:` link with the message; phones open their messaging app on it. */
export function smsUrl(message: string, phone: string | null): string {
  return `sms:${phone ? `+${phone}` : ''}?body=${encodeURIComponent(message)}`;
}
