import { COIN_PACKAGES, RUPEES_PER_LINKCOIN } from '@linkcoin/domain/wallet/pricing.ts';
import { formatRupees } from '../../lib/format';
import { CHAT_DAYS_PER_COIN, REFUND_REPLY_WINDOW_HOURS } from '../wallet';
import { FREE_TRIAL_DAYS, PROFILE_BOOST_DAYS } from './constants';

/** Marketing copy of the home, about and launch pages. Numbers come from ./constants. */

export type Step = { title: string; description: string };

const cheapestPackage = Math.min(...COIN_PACKAGES.map((p) => p.priceRupees));

export type Journey = 'influencer' | 'brand';

/** The home page's two journeys, six steps each. */
export const JOURNEYS: Readonly<Record<Journey, { label: string; steps: readonly Step[] }>> = {
  influencer: {
    label: 'Influencer',
    steps: [
      {
        title: 'Sign up as a creator',
        description:
          'Register with your name and e-mail and confirm the one-time code we send you. It takes less than two minutes.',
      },
      {
        title: 'Build your profile',
        description:
          'Add a photo and a short bio, the topics you create content about and the ad categories you accept.',
      },
      {
        title: 'Connect your accounts',
        description:
          "Link your Instagram and YouTube accounts with follower counts, your audience's profile and where they live.",
      },
      {
        title: 'Get verified',
        description:
          'Confirm Instagram with a code our team sends you by direct message and YouTube by signing in to your channel. Verified profiles rank higher.',
      },
      {
        title: 'Set your rates and show your work',
        description:
          'Quote your price for a Story Post, a Feed Post and a Reel, and showcase your best past posts.',
      },
      {
        title: 'Chat with brands and collaborate',
        description: `Brands that add you to their list message you directly. Reply within ${REFUND_REPLY_WINDOW_HOURS} hours, agree on the brief and start creating.`,
      },
    ],
  },
  brand: {
    label: 'Brand',
    steps: [
      {
        title: 'Create your brand account',
        description:
          'Register with your e-mail and a one-time code, or sign in with Google, and you are ready to browse.',
      },
      {
        title: 'Top up LinkCoins',
        description: `Pick a package from ${formatRupees(cheapestPackage)}. 1 LinkCoin = ${formatRupees(RUPEES_PER_LINKCOIN)} and your coins never expire.`,
      },
      {
        title: 'Search the directory',
        description:
          'Filter verified creators by category, platform, audience type, audience location and follower range.',
      },
      {
        title: 'Compare creator profiles',
        description:
          'See verified accounts, follower counts, past posts and prices for Story Posts, Feed Posts and Reels side by side.',
      },
      {
        title: 'Add creators to your list',
        description: `Spend 1 LinkCoin to add a creator to your list and open a ${CHAT_DAYS_PER_COIN}-day chat with them.`,
      },
      {
        title: 'Chat and launch your campaign',
        description: `Brief the creator in real time, agree on terms and go live. No reply within ${REFUND_REPLY_WINDOW_HOURS} hours? Your coin comes back.`,
      },
    ],
  },
};

export type Testimonial = { quote: string; name: string; role: string };

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'We shortlisted six skincare creators in an afternoon and were chatting with four of them the same evening. Seeing verified numbers and prices up front saved us weeks of back-and-forth.',
    name: 'Ananya Rao',
    role: 'Founder, Kesar Botanicals, Bengaluru',
  },
  {
    quote:
      'Brands reach me with a real brief instead of a cold DM. The verified badge made a visible difference: my enquiries doubled in the first month.',
    name: 'Rohit Mehta',
    role: 'Tech creator on YouTube and Instagram, Mumbai',
  },
  {
    quote:
      'Paying one coin per conversation keeps our budget honest, and the reply guarantee means we never pay for silence. It is now our first stop for regional campaigns.',
    name: 'Sneha Kulkarni',
    role: 'Marketing Lead, Tiffin Tales Foods, Pune',
  },
];

export type Highlight = { title: string; description: string };

export const ABOUT_VISION: Highlight = {
  title: 'Our vision',
  description:
    'A creator economy where every brand, from a neighbourhood bakery to a national label, can find the right voice in minutes, and every creator is rewarded for the audience they have genuinely built.',
};

export const ABOUT_MISSION: Highlight = {
  title: 'Our mission',
  description:
    'To verify creators at the source, match them with brands using data rather than guesswork, and keep every conversation, price and payment in one transparent place.',
};

export const CORE_PRINCIPLES: readonly Highlight[] = [
  {
    title: 'Radical transparency',
    description:
      'Prices, follower counts and coin costs are visible before you commit. No hidden fees, no inflated numbers, no surprises.',
  },
  {
    title: 'Creator empowerment',
    description:
      'Creators set their own rates, own their profiles and choose the brands they work with. We give them the stage, not the script.',
  },
  {
    title: 'Data integrity',
    description:
      'Accounts are verified at the source, Instagram by a direct-message code and YouTube by channel sign-in, so the numbers you see are real.',
  },
  {
    title: 'Performance focus',
    description:
      'We measure success in campaigns delivered, not sign-ups. Real-time analytics keep both sides focused on results.',
  },
];

export const ADVANTAGES: readonly Highlight[] = [
  {
    title: 'Verified creators',
    description:
      'Every listed account is checked before it earns its verified badge, so you never pay to reach fake followers.',
  },
  {
    title: 'Data-driven matching',
    description:
      'Filter by category, platform, audience type, audience location and followers to shortlist creators who fit your brief.',
  },
  {
    title: 'Competitive pricing',
    description: `Creators publish their own rates for Stories, Feed Posts and Reels. Coin packages start at ${formatRupees(cheapestPackage)} and never expire.`,
  },
  {
    title: 'Real-time analytics',
    description:
      'Follow conversations, replies and campaign progress as they happen, from a single dashboard.',
  },
  {
    title: 'End-to-end management',
    description:
      'From the first message to contract and payment, run the whole collaboration in one place.',
  },
  {
    title: 'Secure and supported',
    description: 'PCI-compliant payments and a support team that answers brands and creators 24/7.',
  },
];

export type Audience = 'creator' | 'brand';

/** The launch page's three steps, told to each audience. */
export const LAUNCH_STEPS: Readonly<Record<Audience, readonly Step[]>> = {
  creator: [
    {
      title: 'Create a profile',
      description:
        'Sign up with your e-mail, add your Instagram and YouTube accounts, your categories, audience and rates.',
    },
    {
      title: 'Get discovered',
      description:
        'Your verified profile appears in the directory brands search by category, platform, audience and followers.',
    },
    {
      title: 'Collaborate',
      description:
        'Brands message you directly. Agree on the brief, create the content and grow with every campaign.',
    },
  ],
  brand: [
    {
      title: 'Create a profile',
      description:
        'Register your brand in minutes with an e-mail one-time code, then top up LinkCoins from the same account.',
    },
    {
      title: 'Find matches',
      description:
        'Filter verified creators by category, platform, audience type, location and follower range to build your shortlist.',
    },
    {
      title: 'Collaborate',
      description: `Spend 1 LinkCoin to chat with a creator for ${CHAT_DAYS_PER_COIN} days, agree on terms and launch your campaign.`,
    },
  ],
};

/** What early creators get. */
export const CREATOR_PERKS: readonly Highlight[] = [
  {
    title: 'Early-adopter badge',
    description: 'A permanent badge on your profile that shows brands you were here from day one.',
  },
  {
    title: `${PROFILE_BOOST_DAYS}-day profile boost`,
    description: `Your profile is boosted in search results for your first ${PROFILE_BOOST_DAYS} days on LinkCoin.`,
  },
  {
    title: 'Free analytics dashboard',
    description: 'See who viewed your profile and how brands found you, free of charge.',
  },
  {
    title: 'More visibility for complete profiles',
    description:
      'Complete your profile and verify your accounts to climb the directory. See how visibility grows below.',
  },
];

/** What brands get at launch. */
export const BRAND_LAUNCH_OFFER: readonly Highlight[] = [
  {
    title: `${FREE_TRIAL_DAYS}-day free trial`,
    description: `Explore the directory and shortlist creators free for ${FREE_TRIAL_DAYS} days.`,
  },
  {
    title: 'No card needed',
    description: 'Start your trial with just your e-mail. Buy LinkCoins only when you are ready.',
  },
  {
    title: 'Verified creators only',
    description: 'Every creator you chat with has verified the accounts they list.',
  },
  {
    title: `${REFUND_REPLY_WINDOW_HOURS}-hour reply guarantee`,
    description: `If a creator does not reply within ${REFUND_REPLY_WINDOW_HOURS} hours, your LinkCoin is refunded.`,
  },
];
