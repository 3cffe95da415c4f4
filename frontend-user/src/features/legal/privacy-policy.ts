import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../../config/contact';

export type PolicySection = { id: string; title: string; paragraphs: readonly string[] };

/** The privacy policy's ten sections, in the spec's order. */
export const PRIVACY_POLICY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    paragraphs: [
      'LinkCoin ("LinkCoin", "we", "us") runs an online marketplace that links brands with social-media creators in India. This policy explains what personal data we collect when you visit our website, use our mobile app, register as a brand or a creator, or buy and spend LinkCoins, why we collect it, and the choices you have. We process personal data in line with applicable Indian law, including the Digital Personal Data Protection Act, 2023. By using LinkCoin you agree to the practices described here.',
    ],
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    paragraphs: [
      'Account data: your name, e-mail address, password (stored only in hashed form), role (brand or creator) and, if you choose, your mobile number. If you sign in with a third-party account, we receive your name and e-mail address from that provider. Profile data that creators publish: username, profile picture, description, social-media accounts and follower counts, content and ad categories, audience type and locations, prices for Story Posts, Feed Posts and Reels, and past posts. Verification data: the one-time codes we send by e-mail and by Instagram direct message, and the YouTube channel details returned when you sign in to verify a channel. Activity data: the creators you add to your list, the messages you exchange in chat, your LinkCoin balance and purchases (amount in rupees, coins and transaction reference), and basic technical data such as your browser, device and IP address.',
    ],
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    paragraphs: [
      'We use your data to create and secure your account, confirm your e-mail address with a one-time password, verify the Instagram and YouTube accounts you list, show creator profiles in the searchable directory, let brands add creators to their list and chat with them in real time, process LinkCoin purchases and refunds, send you service messages and chat notifications, prevent fraud and abuse, and improve the product. We do not sell your personal data and we do not use the content of your chats for advertising.',
    ],
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    paragraphs: [
      'Creator profiles are public by design: brands and visitors can see the profile details a creator chooses to publish. Messages are shared only with the person you are chatting with. We share data with service providers who work for us under contract, such as hosting, e-mail delivery, image storage, push notifications and payment processing, and only as far as they need it to provide their service. Payments are handled by PCI-DSS compliant payment partners; we never receive or store your full card details. We may disclose data where Indian law requires it or to protect the rights and safety of our users.',
    ],
  },
  {
    id: 'security',
    title: 'Data Security',
    paragraphs: [
      'We protect your data with encryption in transit, hashed passwords, signed session tokens that expire, short-lived one-time codes and access controls that limit who on our team can see personal data. No system is perfectly secure, so please keep your password private and tell us at once if you suspect that your account has been misused.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    paragraphs: [
      `You can see and update most of your profile at any time from Update Profile. You may also ask us for a summary of the personal data we hold about you, ask us to correct or erase it, withdraw a consent you have given, or nominate someone to exercise these rights on your behalf. Write to ${PRIVACY_EMAIL} and we will respond within the time the law allows. Some records, such as LinkCoin purchase records, must be kept for the period required by tax and accounting law even after an account is closed.`,
    ],
  },
  {
    id: 'third-party-links',
    title: 'Third-Party Links',
    paragraphs: [
      'Creator profiles link to Instagram, YouTube and other platforms, and our pages may embed YouTube videos. These services have their own privacy policies and we are not responsible for how they handle your data. We recommend that you read their policies before you sign in to them or share data with them.',
    ],
  },
  {
    id: 'children',
    title: 'Children Under 13',
    paragraphs: [
      'LinkCoin is not meant for children under 13 and we do not knowingly collect personal data from them. Users between 13 and 18 may use LinkCoin only with the consent and supervision of a parent or guardian. If you believe a child under 13 has given us personal data, contact us and we will delete it.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    paragraphs: [
      'We may update this policy as LinkCoin grows or the law changes. When we make a significant change we will tell you by e-mail or by a notice in the app before it takes effect. Continuing to use LinkCoin after a change means that you accept the updated policy.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact Us',
    paragraphs: [
      `For questions about this policy or your personal data, write to our grievance officer at ${PRIVACY_EMAIL}. For anything else, our support team is available 24/7 at ${SUPPORT_EMAIL}.`,
    ],
  },
];
