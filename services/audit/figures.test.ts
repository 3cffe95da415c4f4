/**
 * `GET /api/admin/figures` over HTTP: sign-ups, a verification, a purchase, an admin's grant,
 * two conversations
 * (one answered) show in the day's figures for admins and auditors; brands, creators and
 * visitors are refused; a bad period or format is refused in words and changes nothing; the CSV
 * is a download of the daily rows; the days are the events' own, so ten days later a week is
 * empty while a month still holds them.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIGURES_MESSAGES,
  figuresDay,
  type FiguresAnswer,
} from '@linkcoin/domain/audit/figures.ts';
import {
  adminEnv,
  grantAuditor,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { changeCollection, grantCoins } from '../testing/collections.ts';
import { storeMessage } from '../testing/messaging.ts';
import { balanceOf, buyInSandbox } from '../testing/payments.ts';
import { creatorWizard, saveProfile, verifyInstagram } from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the marketplace figures', () => {
  const clock = adjustableClock();
  let server: TestServer;
  let admin: TestUser;
  let auditor: TestUser;
  let brand: TestUser;
  let creator: TestUser;
  let quiet: TestUser;
  let bought = 0;

  const figures = (as: TestUser | null, query: Record<string, string> = { days: '7' }) => {
    const req = request(server.url).get('/api/admin/figures').query(query);
    return as ? req.set('Authorization', `Bearer ${as.token}`) : req;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv, clock });
    admin = await loginAdmin(server);
    auditor = await registerUser(server, { role: 'user', ownerName: 'Ada Auditor' });
    await grantAuditor(server, admin, auditor.userId);
    brand = await registerUser(server, { role: 'user', companyName: 'Chai Point' });
    creator = await registerUser(server, { role: 'influencer', ownerName: 'Figures Kitchen' });
    quiet = await registerUser(server, { role: 'influencer', ownerName: 'Quiet Travels' });
    await verifyInstagram(server, admin, creator, 'figureskitchen');
    await saveProfile(server, quiet, creatorWizard({ ownerName: 'Quiet Travels' })).expect(200);

    await buyInSandbox(server, brand, { coins: 3 });
    bought = await balanceOf(server, brand);
    await grantCoins(server, admin, brand, 120);
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    await changeCollection(server, brand, 'add', quiet.userId).expect(201);
    await storeMessage(server, brand, creator, 'Hello, a collaboration?');
    await storeMessage(server, creator, brand, 'Happy to talk.');
    await storeMessage(server, creator, brand, 'When suits you?');
    await storeMessage(server, brand, quiet, 'Hello there?');
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("shows the period's sign-ups, verified creators, coins, conversations and reply rate", async () => {
    // Bought, granted and refunded coins against those spent: the brand's balance.
    expect(await balanceOf(server, brand)).toBe(bought + 120 - 2);
    expect(bought).toBeGreaterThanOrEqual(3);
    const answer = (await figures(auditor).expect(200)).body as FiguresAnswer;
    expect(answer).toMatchObject({
      success: true,
      days: 7,
      to: figuresDay(clock.now()),
      timeZone: 'Asia/Kolkata',
    });
    expect(answer.daily).toHaveLength(7);
    expect(answer.totals).toEqual({
      brandSignUps: 2,
      creatorSignUps: 2,
      signUps: 4,
      newVerifiedCreators: 1,
      verifiedCreators: 1,
      coinsBought: bought,
      coinsGranted: 120,
      coinsSpent: 2,
      coinsRefunded: 0,
      conversations: 2,
      replied: 1,
      replyRate: 0.5,
    });
    const sum = (pick: (day: FiguresAnswer['daily'][number]) => number) =>
      answer.daily.reduce((n, day) => n + pick(day), 0);
    expect(sum((day) => day.conversations)).toBe(2);
    expect(answer.daily.at(-1)!.verifiedCreators).toBe(1);
    // The admin reads the same.
    expect((await figures(admin).expect(200)).body).toEqual(answer);
  });

  it('refuses brands, creators and visitors', async () => {
    const brandRefused = await figures(brand).expect(403);
    expect(brandRefused.body.success).toBe(false);
    await figures(creator).expect(403);
    await figures(null).expect(401);
    await figures(brand, { days: '7', format: 'csv' }).expect(403);
  });

  it('refuses a bad period or format in words, and changes nothing', async () => {
    const head = await headPosition(server);
    const badDays = await figures(auditor, { days: '14' }).expect(400);
    expect(badDays.body).toEqual({ success: false, message: FIGURES_MESSAGES.badDays });
    const badFormat = await figures(auditor, { days: '7', format: 'xlsx' }).expect(400);
    expect(badFormat.body).toEqual({ success: false, message: FIGURES_MESSAGES.badFormat });
    await figures(auditor, { days: '7', userId: brand.userId }).expect(400);
    expect(await headPosition(server)).toBe(head);
  });

  it('downloads the daily rows as CSV, a header and one line a day, named by its period', async () => {
    const answer = (await figures(admin, { days: '30' }).expect(200)).body as FiguresAnswer;
    const csv = await figures(auditor, { days: '30', format: 'csv' })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="figures-30-days-${answer.from}-to-${answer.to}.csv"`,
    );
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines).toHaveLength(31);
    expect(lines[0]).toBe(
      'Day,Brand sign-ups,Creator sign-ups,Newly verified creators,Verified creators,Coins bought,Coins granted,Coins spent,Coins refunded,Conversations opened,Conversations answered,Reply rate (%)',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((row) => row[0])).toEqual(answer.daily.map((day) => day.day));
    const column = (index: number) => rows.reduce((n, row) => n + Number(row[index]), 0);
    expect(column(1)).toBe(2);
    expect(column(2)).toBe(2);
    expect(column(5)).toBe(bought);
    expect(column(6)).toBe(120);
    expect(column(7)).toBe(2);
    expect(column(9)).toBe(2);
    expect(column(10)).toBe(1);
    // A day without conversations has no reply rate (blank), not 0 %.
    expect(rows.some((row) => row[11] === '')).toBe(true);
  });

  it("counts each event on its own day: ten days on, the week is empty and the month isn't", async () => {
    clock.advance(10 * DAY_MS);
    // Sessions ran out meanwhile: the auditor signs in again.
    const login = await request(server.url)
      .post('/api/pageowners/login')
      .send({ email: auditor.email, password: auditor.password })
      .expect(200);
    auditor = { ...auditor, token: login.body.token as string };
    const week = (await figures(auditor, { days: '7' }).expect(200)).body as FiguresAnswer;
    expect(week.totals).toMatchObject({
      signUps: 0,
      newVerifiedCreators: 0,
      verifiedCreators: 1,
      coinsBought: 0,
      conversations: 0,
      replyRate: null,
    });
    expect(week.daily.every((day) => day.verifiedCreators === 1)).toBe(true);
    const month = (await figures(auditor, { days: '30' }).expect(200)).body as FiguresAnswer;
    expect(month.totals).toMatchObject({ signUps: 4, conversations: 2, replied: 1 });
    const year = (await figures(auditor, { days: '365' }).expect(200)).body as FiguresAnswer;
    expect(year.daily).toHaveLength(365);
    expect(year.totals).toMatchObject({ coinsSpent: 2, coinsGranted: 120 });
  });
});
