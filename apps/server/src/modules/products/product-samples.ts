/** Everyday goods of a Nigerian provisions shop, for sample products and the demo store. Prices in naira. */
export interface SampleProduct {
  name: string;
  category: string;
  unit: string;
  price: number;
  cost: number;
  description: string;
  trackStock?: boolean;
}

/** One product a row: name, category, unit, price, cost, description, and whether stock is tracked (yes when left out). */
type Row = [
  name: string,
  category: string,
  unit: string,
  price: number,
  cost: number,
  description: string,
  trackStock?: boolean,
];

const ROWS: readonly Row[] = [
  [
    'Peak Milk Powder 400g Refill',
    'Dairy',
    'pack',
    3900,
    3450,
    'Full cream instant milk powder, sachet refill.',
  ],
  ['Peak Evaporated Milk 160g', 'Dairy', 'tin', 850, 720, 'Unsweetened evaporated milk.'],
  ['Three Crowns Milk 160g', 'Dairy', 'tin', 700, 600, 'Evaporated filled milk.'],
  ['Dano Full Cream Milk 360g', 'Dairy', 'pack', 3400, 3000, 'Full cream milk powder.'],
  ['Hollandia Yoghurt Strawberry 1L', 'Dairy', 'bottle', 2600, 2250, 'Sweetened yoghurt drink.'],
  ['Milo Chocolate Drink 500g Refill', 'Beverages', 'pack', 4200, 3700, 'Chocolate malt drink powder.'],
  ['Cadbury Bournvita 500g Jar', 'Beverages', 'piece', 4500, 3950, 'Chocolate malted food drink.'],
  ['Lipton Yellow Label Tea 100 Bags', 'Beverages', 'pack', 2600, 2200, 'Black tea bags.'],
  ['Nescafe Classic Coffee 50g', 'Beverages', 'piece', 2300, 1950, 'Instant coffee jar.'],
  ['Indomie Chicken Noodles 70g', 'Noodles & Pasta', 'pack', 350, 290, 'Instant noodles, chicken flavour.'],
  [
    'Indomie Onion Chicken Hungry Man 120g',
    'Noodles & Pasta',
    'pack',
    550,
    460,
    'Instant noodles, large pack.',
  ],
  [
    'Indomie Chicken Noodles 70g Carton (40)',
    'Noodles & Pasta',
    'carton',
    13500,
    11600,
    'Carton of 40 packs.',
  ],
  ['Golden Penny Spaghetti 500g', 'Noodles & Pasta', 'pack', 1200, 1020, 'Durum wheat spaghetti.'],
  ['Dangote Spaghetti 500g', 'Noodles & Pasta', 'pack', 1100, 940, 'Long spaghetti.'],
  ['Honeywell Semolina 1kg', 'Grains & Flour', 'bag', 1900, 1650, 'Wheat semolina for swallow.'],
  ['Golden Penny Semovita 1kg', 'Grains & Flour', 'bag', 1950, 1700, 'Semolina meal.'],
  ['Mama Gold Rice 5kg', 'Grains & Flour', 'bag', 11500, 10200, 'Long grain parboiled rice.'],
  ['Royal Stallion Rice 10kg', 'Grains & Flour', 'bag', 21000, 18800, 'Thai parboiled rice.'],
  ['Ijebu Garri 2kg', 'Grains & Flour', 'bag', 2800, 2300, 'Crisp white garri from Ijebu.'],
  ['Oloyin Honey Beans 1kg', 'Grains & Flour', 'bag', 2600, 2200, 'Sweet brown beans.'],
  ['Kings Vegetable Oil 1L', 'Cooking Oil & Spices', 'bottle', 3300, 2900, 'Pure vegetable oil.'],
  [
    "Devon King's Vegetable Oil 3L",
    'Cooking Oil & Spices',
    'bottle',
    9800,
    8700,
    'Cholesterol-free vegetable oil.',
  ],
  ['Mamador Vegetable Oil 1.8L', 'Cooking Oil & Spices', 'bottle', 6200, 5500, 'Vegetable oil, family size.'],
  ['Knorr Chicken Cubes 50 Pack', 'Cooking Oil & Spices', 'pack', 1500, 1250, 'Seasoning cubes.'],
  ['Maggi Star Seasoning Cubes 100 Pack', 'Cooking Oil & Spices', 'pack', 2800, 2400, 'Seasoning cubes.'],
  [
    'Gino Tomato Paste 70g Sachet',
    'Cooking Oil & Spices',
    'sachet',
    250,
    200,
    'Double concentrated tomato paste.',
  ],
  ['Dangote Sugar 500g', 'Cooking Oil & Spices', 'pack', 1300, 1120, 'Granulated white sugar.'],
  ['Dangote Refined Salt 500g', 'Cooking Oil & Spices', 'pack', 400, 320, 'Iodised table salt.'],
  ['Nasco Cornflakes 350g', 'Breakfast', 'pack', 2700, 2350, 'Toasted corn flakes.'],
  ['Nestle Cerelac Maize 400g', 'Baby Care', 'tin', 4000, 3500, 'Infant cereal with milk.'],
  ['Molfix Baby Diapers Maxi 40s', 'Baby Care', 'pack', 9500, 8300, 'Size 4 diapers, 40 pieces.'],
  ['Coca-Cola 50cl PET', 'Soft Drinks', 'bottle', 400, 330, 'Sparkling soft drink.'],
  ['Fanta Orange 50cl PET', 'Soft Drinks', 'bottle', 400, 330, 'Orange soft drink.'],
  ['Malta Guinness 33cl Can', 'Soft Drinks', 'tin', 650, 550, 'Non-alcoholic malt drink.'],
  ['Eva Table Water 75cl', 'Soft Drinks', 'bottle', 250, 190, 'Premium table water.'],
  ['Nestle Pure Life Water 1.5L', 'Soft Drinks', 'bottle', 450, 360, 'Purified drinking water.'],
  ['Chivita 100% Orange Juice 1L', 'Soft Drinks', 'pack', 2400, 2050, 'Orange juice, no added sugar.'],
  ['Gala Sausage Roll', 'Snacks', 'piece', 300, 240, 'Beef sausage roll.'],
  ['Cabin Biscuits 150g', 'Snacks', 'pack', 500, 410, 'Sweet crackers.'],
  ['Plantain Chips 100g', 'Snacks', 'pack', 700, 500, 'Crunchy salted plantain chips.'],
  ['Pepsodent Toothpaste 140g', 'Toiletries', 'piece', 1200, 1000, 'Cavity protection toothpaste.'],
  ['Close-Up Toothpaste 140g', 'Toiletries', 'piece', 1250, 1040, 'Red hot gel toothpaste.'],
  ['Lux Beauty Soap 150g', 'Toiletries', 'piece', 750, 610, 'Soft rose bar soap.'],
  ['Always Ultra Pads 8s', 'Toiletries', 'pack', 1000, 820, 'Sanitary pads, normal.'],
  ['Dettol Antiseptic Liquid 250ml', 'Household', 'bottle', 2400, 2050, 'Antiseptic disinfectant.'],
  ['Morning Fresh Dishwashing Liquid 450ml', 'Household', 'bottle', 1400, 1180, 'Washing-up liquid.'],
  ['Omo Detergent 900g', 'Household', 'pack', 2900, 2500, 'Washing powder.'],
  ['Hypo Bleach 1L', 'Household', 'bottle', 1100, 900, 'Household bleach.'],
  ['Gift Wrapping', 'Services', 'piece', 500, 150, 'Wrapping paper and ribbon for a gift.', false],
];

export const SAMPLE_PRODUCTS: readonly SampleProduct[] = ROWS.map(
  ([name, category, unit, price, cost, description, trackStock]) => ({
    name,
    category,
    unit,
    price,
    cost,
    description,
    ...(trackStock === undefined ? {} : { trackStock }),
  }),
);

/** A sample product as the create body takes it: money in kobo, `quantity` in stock unless untracked. */
export const sampleProductInput = (sample: SampleProduct, categoryId: string, quantity: number) => ({
  name: sample.name,
  description: sample.description,
  unit: sample.unit,
  price: sample.price * 100,
  cost_price: sample.cost * 100,
  track_stock: sample.trackStock ?? true,
  quantity: sample.trackStock === false ? 0 : quantity,
  category_ids: [categoryId],
});
