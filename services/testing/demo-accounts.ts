/**
 * Demo accounts for `make seed`: realistic creators and a few brands, the same every time for a
 * given number (a seeded generator, no Math.random), so seeding twice makes nothing new. They
 * are marked by their e-mail domain, `demo.linkcoin.local` (a name no real address has): the
 * directory shows `demo: true` on them, and they can be found or removed by that domain.
 */
import { foldText } from '@linkcoin/domain/shared/search-text.ts';
import { DEMO_EMAIL_DOMAIN, type DemoAccount } from '@linkcoin/domain/demo/contracts.ts';
import type { ProfileUpdateRequest } from '@linkcoin/domain/profiles/contracts.ts';

export const demoCreatorEmail = (index: number): string =>
  `creator-${String(index + 1).padStart(5, '0')}@${DEMO_EMAIL_DOMAIN}`;
export const demoBrandEmail = (index: number): string =>
  `brand-${String(index + 1).padStart(2, '0')}@${DEMO_EMAIL_DOMAIN}`;

/** mulberry32: a small, fast, seeded generator (public domain); the same seed, the same values. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)]!;
  const some = <T>(values: readonly T[], min: number, max: number): T[] => {
    const pool = [...values];
    const count = Math.min(pool.length, int(min, max));
    const chosen: T[] = [];
    for (let i = 0; i < count; i++) chosen.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
    return chosen;
  };
  /** Pareto: heavy-tailed, as follower counts are (most small, a few huge). */
  const pareto = (minimum: number, alpha: number, cap: number) =>
    Math.min(cap, Math.floor(minimum / Math.pow(1 - next(), 1 / alpha)));
  return { next, int, pick, some, pareto };
};

const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Ananya',
  'Arjun',
  'Diya',
  'Ishaan',
  'Kavya',
  'Meera',
  'Nikhil',
  'Priya',
  'Rahul',
  'Riya',
  'Rohan',
  'Saanvi',
  'Sneha',
  'Tanvi',
  'Vihaan',
  'Zara',
  'Aisha',
  'Kabir',
  'Neha',
  'Pooja',
  'Siddharth',
  'Tara',
  'Varun',
  'Yash',
  'Ira',
  'Dev',
  'Nandini',
  'Farhan',
  'Lakshmi',
  'Harpreet',
  'Gurleen',
  'Sana',
  'Arnav',
  'Mihika',
  'Reyansh',
  'Anika',
  'Karthik',
  'Divya',
  'Zoë',
  'José',
  'Chloé',
  'Renée',
  'André',
  'Inés',
  'Noël',
  'Aarohi',
  'Shreya',
  'Om',
] as const;

const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Mehta',
  'Kapoor',
  'Singh',
  'Gupta',
  'Joshi',
  'Desai',
  'Menon',
  'Pillai',
  'Rao',
  'Chatterjee',
  'Banerjee',
  'Das',
  'Khan',
  'Fernandes',
  'D’Souza',
  'Kulkarni',
  'Bhat',
  'Malhotra',
  'Chopra',
  'Sethi',
  'Gill',
  'Sandhu',
  'Mukherjee',
  'Naidu',
  'Hegde',
  'Thakur',
  'Saxena',
  'Agarwal',
  'Núñez',
  'Müller',
  'Lefèvre',
] as const;

const CITIES = [
  'Mumbai',
  'Delhi',
  'Bengaluru',
  'Hyderabad',
  'Chennai',
  'Kolkata',
  'Pune',
  'Ahmedabad',
  'Jaipur',
  'Lucknow',
  'Kochi',
  'Chandigarh',
  'Indore',
  'Bhopal',
  'Surat',
  'Nagpur',
  'Guwahati',
  'Navi Mumbai',
  'Goa',
  'Dehradun',
  'Coimbatore',
  'Visakhapatnam',
  'Dubai',
  'London',
  'Toronto',
] as const;

type Niche = Readonly<{
  name: string;
  categories: readonly string[];
  topics: readonly string[];
  audience: readonly string[];
  blurbs: readonly string[];
}>;

/** Creator niches: which product categories and topics go together (values of options.ts). */
const NICHES: readonly Niche[] = [
  {
    name: 'beauty',
    categories: [
      'skincare',
      'haircare',
      'makeup',
      'fragrances',
      'sunscreen',
      'nail-care',
      'bath-and-body',
      'ayurvedic-products',
    ],
    topics: [
      'beauty',
      'makeup-tutorials',
      'skincare-routines',
      'haircare',
      'nail-art',
      'product-reviews',
    ],
    audience: [
      'beauty-enthusiasts',
      'young-adults-20-30',
      'working-women',
      'college-students',
      'online-shoppers',
    ],
    blurbs: [
      'Honest skincare reviews for Indian skin and weather.',
      'Everyday makeup looks in under ten minutes.',
      'Haircare that works on humid monsoon days.',
    ],
  },
  {
    name: 'fashion',
    categories: [
      'womens-clothing',
      'mens-clothing',
      'ethnic-wear',
      'sarees',
      'footwear',
      'handbags',
      'jewellery',
      'sunglasses',
      'watches',
    ],
    topics: ['fashion', 'streetwear', 'ethnic-fashion', 'styling-tips', 'shopping-hauls', 'luxury'],
    audience: [
      'fashion-enthusiasts',
      'young-adults-20-30',
      'luxury-shoppers',
      'budget-shoppers',
      'online-shoppers',
    ],
    blurbs: [
      'Street style from the city, one outfit a day.',
      'Saree drapes, festive looks and wedding wardrobes.',
      'Affordable fashion hauls and styling tips.',
    ],
  },
  {
    name: 'tech',
    categories: [
      'smartphones',
      'laptops',
      'headphones',
      'earbuds',
      'smartwatches',
      'cameras',
      'smart-home-devices',
      'mobile-accessories',
    ],
    topics: [
      'technology-news',
      'gadget-reviews',
      'unboxing',
      'artificial-intelligence',
      'coding',
      'product-reviews',
    ],
    audience: ['tech-enthusiasts', 'developers', 'students', 'professionals', 'young-adults-20-30'],
    blurbs: [
      'Gadget reviews without the hype: what is worth your money.',
      'Unboxings, comparisons and tech explained simply.',
      'AI tools and gadgets for everyday work.',
    ],
  },
  {
    name: 'food',
    categories: [
      'packaged-food',
      'snacks',
      'spices',
      'kitchenware',
      'cookware',
      'beverages',
      'tea',
      'coffee',
      'chocolates',
      'food-delivery',
    ],
    topics: [
      'cooking',
      'recipes',
      'street-food',
      'food-reviews',
      'baking',
      'regional-cuisine',
      'restaurant-reviews',
    ],
    audience: ['foodies', 'home-cooks', 'homemakers', 'young-adults-20-30', 'urban-audience'],
    blurbs: [
      'Home chef sharing quick regional recipes.',
      'Street food trails across the city.',
      'Baking for beginners, one cake at a time.',
    ],
  },
  {
    name: 'fitness',
    categories: [
      'supplements',
      'protein-and-nutrition',
      'fitness-equipment',
      'sportswear',
      'athletic-shoes',
      'yoga-gear',
      'fitness-apps',
      'gyms',
    ],
    topics: [
      'fitness',
      'yoga',
      'bodybuilding',
      'running',
      'home-workouts',
      'nutrition',
      'weight-loss',
    ],
    audience: [
      'fitness-enthusiasts',
      'health-conscious',
      'yoga-practitioners',
      'working-men',
      'working-women',
    ],
    blurbs: [
      'Certified trainer: home workouts that need no gym.',
      'Yoga and mobility for desk workers.',
      'Marathon training logs and running tips.',
    ],
  },
  {
    name: 'travel',
    categories: [
      'hotels',
      'resorts',
      'homestays',
      'airlines',
      'travel-agencies',
      'travel-gear',
      'luggage',
      'outdoor-gear',
    ],
    topics: [
      'travel',
      'budget-travel',
      'luxury-travel',
      'backpacking',
      'road-trips',
      'trekking',
      'travel-vlogs',
      'hidden-gems',
    ],
    audience: ['travellers', 'adventure-seekers', 'young-adults-20-30', 'professionals', 'nris'],
    blurbs: [
      'Hidden gems of India on a budget.',
      'Himalayan treks and road trips, planned step by step.',
      'Slow travel, homestays and local food.',
    ],
  },
  {
    name: 'finance',
    categories: [
      'banking',
      'credit-cards',
      'insurance',
      'mutual-funds',
      'stock-trading-apps',
      'fintech-apps',
      'digital-payments',
    ],
    topics: [
      'personal-finance',
      'investing',
      'stock-market',
      'business-news',
      'startups',
      'entrepreneurship',
    ],
    audience: ['investors', 'traders', 'professionals', 'entrepreneurs', 'young-adults-20-30'],
    blurbs: [
      'Personal finance in plain words: save, invest, retire early.',
      'Stock market basics for first-time investors.',
      'Startup stories and money lessons.',
    ],
  },
  {
    name: 'gaming',
    categories: [
      'gaming-consoles',
      'video-games',
      'pc-components',
      'computer-accessories',
      'gaming-apps',
      'headphones',
    ],
    topics: ['gaming', 'esports', 'mobile-gaming', 'game-reviews'],
    audience: ['gamers', 'teens-13-19', 'college-students', 'tech-enthusiasts'],
    blurbs: [
      'Live every night: mobile esports and ranked grinds.',
      'PC builds and game reviews.',
      'Casual gaming, big laughs.',
    ],
  },
  {
    name: 'parenting',
    categories: ['baby-care', 'diapers', 'toys', 'board-games', 'kids-clothing', 'books'],
    topics: ['parenting', 'family', 'kids-content'],
    audience: ['parents', 'new-parents', 'homemakers', 'adults-31-45'],
    blurbs: [
      'A new mom figuring it out, one nap at a time.',
      'Screen-free activities for kids.',
      'Family life, honest and funny.',
    ],
  },
  {
    name: 'comedy',
    categories: [
      'ott-platforms',
      'music-streaming',
      'movies',
      'events-and-concerts',
      'snacks',
      'beverages',
    ],
    topics: [
      'comedy',
      'stand-up-comedy',
      'comedy-sketches',
      'memes',
      'film-reviews',
      'web-series',
      'bollywood',
    ],
    audience: [
      'young-adults-20-30',
      'college-students',
      'movie-buffs',
      'urban-audience',
      'tier-2-and-tier-3-city-audience',
    ],
    blurbs: [
      'Sketches about office life and family WhatsApp groups.',
      'Stand-up clips and film reviews.',
      'Memes, reels and Bollywood takes.',
    ],
  },
  {
    name: 'pets',
    categories: ['pet-food', 'pet-accessories', 'pet-care'],
    topics: ['pets', 'dogs', 'cats'],
    audience: ['pet-owners', 'young-adults-20-30', 'urban-audience'],
    blurbs: [
      'Two indie dogs and their daily chaos.',
      'Cat care tips from a rescue home.',
      'Pet nutrition and training, vet-approved.',
    ],
  },
  {
    name: 'education',
    categories: [
      'online-courses',
      'edtech-apps',
      'test-preparation',
      'language-learning',
      'books',
      'stationery',
    ],
    topics: [
      'education',
      'exam-preparation',
      'upsc',
      'english-speaking',
      'general-knowledge',
      'science',
    ],
    audience: ['students', 'exam-aspirants', 'job-seekers', 'college-students'],
    blurbs: [
      'UPSC notes and daily current affairs.',
      'Spoken English in five minutes a day.',
      'Science made simple for school students.',
    ],
  },
  {
    name: 'auto',
    categories: [
      'cars',
      'electric-vehicles',
      'two-wheelers',
      'car-accessories',
      'bike-accessories',
      'tyres',
      'automotive-care',
    ],
    topics: ['cars', 'bikes', 'automobile-reviews', 'electric-vehicles', 'motorsports'],
    audience: ['car-enthusiasts', 'bike-enthusiasts', 'working-men', 'young-adults-20-30'],
    blurbs: [
      'Car reviews for Indian roads.',
      'Motorcycle tours and gear reviews.',
      'EVs explained: range, charging, costs.',
    ],
  },
  {
    name: 'home',
    categories: ['home-decor', 'furniture', 'lighting', 'plants', 'gardening-supplies', 'bedding'],
    topics: ['home-decor', 'interior-design', 'diy', 'gardening', 'lifestyle', 'minimalism'],
    audience: ['home-decor-lovers', 'homemakers', 'diy-enthusiasts', 'gardening-enthusiasts'],
    blurbs: [
      'Small flats, big ideas: rental-friendly decor.',
      'Balcony gardens and indoor plants.',
      'DIY projects for a cosy home.',
    ],
  },
];

const BRANDS = [
  { name: 'Masala Box', about: 'Spice blends from small farms.' },
  { name: 'Urban Threads', about: 'Everyday clothing, made in India.' },
  { name: 'GlowLeaf Skincare', about: 'Gentle skincare for humid weather.' },
  { name: 'PixelPeak Electronics', about: 'Phones, earbuds and smart home devices.' },
  { name: 'TrailMate Travel', about: 'Treks and road trips, planned for you.' },
  { name: 'FitFuel Nutrition', about: 'Protein and supplements, lab tested.' },
  { name: 'PaisaWise', about: 'A savings and investing app.' },
  { name: 'Little Sprouts', about: 'Toys and books for curious kids.' },
] as const;

const SALT = 0x5eed_1ead;

const handleOf = (first: string, last: string, style: number): string => {
  const a = foldText(first).replace(/[^a-z0-9]/g, '');
  const b = foldText(last).replace(/[^a-z0-9]/g, '');
  return [`${a}.${b}`, `${a}_${b}`, `${a}${b}`, `the${a}${b.slice(0, 3)}`, `${a}.${b}.official`][
    style % 5
  ]!;
};

/** Followers as people type them: a number, or "12.5k" / "1.2M" now and then. */
const typedFollowers = (count: number, shorthand: boolean): number | string => {
  if (!shorthand || count < 1000) return count;
  if (count >= 1_000_000) return `${(Math.floor(count / 100_000) / 10).toString()}M`;
  return `${(Math.floor(count / 100) / 10).toString()}k`;
};

const roundPrice = (rupees: number) => Math.max(200, Math.round(rupees / 100) * 100);

/** The creator number `index` (0-based): the same every time. */
export const demoCreator = (index: number): DemoAccount => {
  const random = seededRandom(Math.imul(index + 1, 2_654_435_761) ^ SALT);
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const ownerName = `${first} ${last}`;
  const niche = random.pick(NICHES);
  const handle = `${handleOf(first, last, random.int(0, 4))}${random.next() < 0.3 ? random.int(1, 99) : ''}`;
  const followers = random.pareto(2_000, 1.05, 25_000_000);
  // Most creators have filled everything in, some only the basics; a quarter verified a channel.
  const roll = random.next();
  const level = roll < 0.18 ? 'basic' : roll < 0.75 ? 'complete' : 'verified';
  const platforms: string[] = ['instagram'];
  const story = roundPrice(followers * (0.02 + random.next() * 0.03));
  const pricing = {
    storyPost: story,
    feedPost: roundPrice(story * (1.5 + random.next() * 0.7)),
    reel: roundPrice(story * (2 + random.next() * 1.5)),
  };
  const accounts: NonNullable<ProfileUpdateRequest['profileDetails']> = [
    {
      platform: 'instagram',
      profileName: handle.slice(0, 30),
      profilePicUrl: `https://www.instagram.com/${handle.slice(0, 30)}/`,
      followers: typedFollowers(followers, random.next() < 0.3),
    },
  ];
  let youtube: DemoAccount['youtube'] = null;
  if (level === 'verified' || random.next() < 0.25) {
    const channel = `@${foldText(`${first}${last}`).replace(/[^a-z0-9]/g, '')}${niche.name === 'tech' ? 'Tech' : 'TV'}`;
    const subscribers = random.pareto(1_000, 1.1, 10_000_000);
    platforms.push('youtube');
    accounts.push({
      platform: 'youtube',
      profileName: channel,
      profilePicUrl: `https://www.youtube.com/${channel}`,
      followers: subscribers,
    });
    if (level === 'verified') youtube = { handle: channel, channelTitle: ownerName, subscribers };
  }
  if (random.next() < 0.2)
    platforms.push(random.pick(['facebook', 'twitter', 'linkedin', 'moj', 'sharechat']));
  const basic = level === 'basic';
  const locations: string[] = random.some(CITIES, 1, 3);
  if (random.next() < 0.2) locations.push('India');
  return {
    email: demoCreatorEmail(index),
    ownerName,
    role: 'influencer',
    // A fifth signed up in the last 30 days (boosted), the rest over the past half year.
    signedUpDaysAgo: random.next() < 0.2 ? random.int(0, 29) : random.int(31, 180),
    profile: {
      ownerName,
      description: basic && random.next() < 0.5 ? '' : random.pick(niche.blurbs),
      socialMediaPlatforms: platforms,
      adCategories: random.some(niche.categories, 2, 5),
      pageContentCategory: random.some(niche.topics, 2, 4),
      averageAudienceType: basic && random.next() < 0.5 ? [] : random.some(niche.audience, 1, 3),
      averageLocationOfAudience: locations,
      pricing: basic ? { storyPost: pricing.storyPost, feedPost: null, reel: null } : pricing,
      profileDetails: accounts,
    },
    avatar: { initials: `${first[0]}${last[0]}`.toUpperCase(), hue: random.int(0, 359) },
    youtube,
    coins: 0,
  };
};

/** The brand number `index` (0-based), with LinkCoins to spend. */
export const demoBrand = (index: number): DemoAccount => {
  const brand = BRANDS[index % BRANDS.length]!;
  const round = Math.floor(index / BRANDS.length);
  const ownerName = round === 0 ? brand.name : `${brand.name} ${round + 1}`;
  return {
    email: demoBrandEmail(index),
    ownerName,
    role: 'user',
    signedUpDaysAgo: 60,
    profile: { ownerName, description: brand.about },
    avatar: {
      initials: brand.name
        .split(' ')
        .map((word) => word[0])
        .join('')
        .slice(0, 2)
        .toUpperCase(),
      hue: (index * 47) % 360,
    },
    youtube: null,
    coins: [100, 50, 25, 10, 5][index % 5]!,
  };
};

/** The demo accounts of a seed: `creators` creators, then `brands` brands. */
export const demoAccounts = (creators: number, brands: number): DemoAccount[] => [
  ...Array.from({ length: creators }, (_, index) => demoCreator(index)),
  ...Array.from({ length: brands }, (_, index) => demoBrand(index)),
];
