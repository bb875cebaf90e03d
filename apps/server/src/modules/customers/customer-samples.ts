import { randomInt } from 'node:crypto';

/** Names and places for sample customers: Yoruba, Igbo, Hausa, Edo and Efik names and Nigerian towns. */
const FIRST_NAMES = [
  'Chinedu',
  'Ngozi',
  'Emeka',
  'Amaka',
  'Oluwaseun',
  'Funmilayo',
  'Tunde',
  'Yetunde',
  'Ibrahim',
  'Aisha',
  'Musa',
  'Hauwa',
  'Chiamaka',
  'Obinna',
  'Adebayo',
  'Folake',
  'Uche',
  'Ifeoma',
  'Segun',
  'Bukola',
  'Kelechi',
  'Nneka',
  'Babajide',
  'Zainab',
  'Usman',
  'Halima',
  'Efosa',
  'Osaro',
  'Ekaette',
  'Inemesit',
];
const LAST_NAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Okonkwo',
  'Abubakar',
  'Ogunleye',
  'Nwosu',
  'Balogun',
  'Mohammed',
  'Okeke',
  'Adebayo',
  'Ibrahim',
  'Olawale',
  'Chukwu',
  'Danjuma',
  'Edet',
  'Osagie',
  'Akpan',
  'Lawal',
  'Yusuf',
  'Obi',
  'Nwachukwu',
  'Afolabi',
  'Igwe',
  'Suleiman',
  'Iyamu',
  'Bassey',
  'Oyelaran',
  'Anyanwu',
];
const PLACES: ReadonlyArray<readonly [city: string, state: string]> = [
  ['Ikeja', 'Lagos'],
  ['Lekki', 'Lagos'],
  ['Surulere', 'Lagos'],
  ['Yaba', 'Lagos'],
  ['Wuse', 'FCT'],
  ['Garki', 'FCT'],
  ['Port Harcourt', 'Rivers'],
  ['Enugu', 'Enugu'],
  ['Ibadan', 'Oyo'],
  ['Kano', 'Kano'],
  ['Kaduna', 'Kaduna'],
  ['Benin City', 'Edo'],
  ['Owerri', 'Imo'],
  ['Abeokuta', 'Ogun'],
  ['Uyo', 'Akwa Ibom'],
  ['Calabar', 'Cross River'],
  ['Onitsha', 'Anambra'],
  ['Jos', 'Plateau'],
];
const STREETS = [
  'Allen Avenue',
  'Adeola Odeku Street',
  'Awolowo Road',
  'Herbert Macaulay Way',
  'Aminu Kano Crescent',
  'Ogui Road',
  'Ring Road',
  'Aba Road',
  'Zik Avenue',
  'Murtala Mohammed Way',
  'Ahmadu Bello Way',
  'Okpara Avenue',
];
/** Mobile prefixes of the Nigerian networks, without the leading 0. */
const MOBILE_PREFIXES = [
  '803',
  '806',
  '813',
  '816',
  '703',
  '706',
  '805',
  '807',
  '815',
  '905',
  '802',
  '808',
  '812',
  '701',
  '809',
  '817',
  '818',
  '909',
];

const pick = <T>(list: readonly T[]) => list[randomInt(0, list.length)]!;

export interface SampleCustomer {
  first_name: string;
  last_name: string;
  phone_number: string;
  email_address: string;
  address: string;
  city: string;
  state: string;
  country: string;
}

export function sampleCustomer(): SampleCustomer {
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  const [city, state] = pick(PLACES);
  return {
    first_name: first,
    last_name: last,
    phone_number: `+234${pick(MOBILE_PREFIXES)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    email_address: `${first}.${last}${randomInt(10, 1000)}@example.com`.toLowerCase(),
    address: `${randomInt(1, 120)} ${pick(STREETS)}`,
    city,
    state,
    country: 'Nigeria',
  };
}
