import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { SUPPORT_EMAIL, mailingForTests } from './helpers';
import { personalDataTests, signed } from './personal-data.fixture';

const { harness } = mailingForTests({ LOG_LEVEL: 'info' });
const { personWithMail, attackerAndStranger } = personalDataTests(harness);

describe('POST /internal/personal-data (notifications’ part of the export)', () => {
  test('the mail to any of the proved addresses, with its body where still held, and the contact messages from them', async () => {
    const { userId, own, university } = await personWithMail();
    const res = await request(harness.service.url)
      .post('/internal/personal-data')
      .set(signed('student', userId))
      .send({ userId, emails: [own, university] });
    expect(res.status).toBe(200);
    expect(res.body.data.emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: own,
          template: 'verification-approved',
          status: 'sent',
          body: expect.objectContaining({ text: expect.stringContaining('26 November 2027') }),
        }),
        expect.objectContaining({ to: university, template: 'verification-document-received' }),
      ]),
    );
    expect(res.body.data.contactMessages).toEqual([
      expect.objectContaining({ email: own, message: 'Please help with my code.' }),
    ]);
    // the copy to support is not theirs: it went to SUPPORT_EMAIL
    expect(res.text).not.toContain(SUPPORT_EMAIL);
  });

  test('by proof, not by typed address (T23): what is tied to them whatever its address, untied rows only at a proved address, and the notices staff were sent about them; nothing tied to another account, nothing of the support inbox', async () => {
    const world = await attackerAndStranger();
    const res = await request(harness.service.url)
      .post('/internal/personal-data')
      .set(signed('student', world.attacker))
      .send({ userId: world.attacker, emails: [world.own, SUPPORT_EMAIL] });
    expect(res.status).toBe(200);
    const ids = (items: Array<{ id: string }>) => items.map((item) => item.id).sort();
    expect(ids(res.body.data.emails)).toEqual([world.typedByAttacker, world.ownUntied].sort());
    expect(ids(res.body.data.contactMessages)).toEqual([world.attackersMessage.id]);
    // the alert naming them, and the copy of their own message that went to support
    expect(res.body.data.noticesToStaff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: world.alertAboutAttacker,
          template: 'staff-alert',
          values: expect.objectContaining({ title: `About attacker ${world.attacker.slice(0, 8)}` }),
        }),
        expect.objectContaining({ id: world.attackersMessage.email_id, template: 'contact-message' }),
      ]),
    );
    expect(res.body.data.noticesToStaff).toHaveLength(2);
    expect(res.text).not.toContain('My ID number is 784-');
    expect(res.text).not.toContain('About stranger');
    expect(res.text).not.toContain(SUPPORT_EMAIL);
    expect(res.text).not.toMatch(/Tied|Untied|AtOwn/);
  });

  test('another student → 403, staff → 403, an admin may, a visitor → 401; a bad address → 400 naming the field', async () => {
    const userId = randomUUID();
    const exportAs = (headers: Record<string, string>, emails = ['a@example.com']) =>
      request(harness.service.url).post('/internal/personal-data').set(headers).send({ userId, emails });
    expect((await exportAs(signed('student'))).status).toBe(403);
    expect((await exportAs(signed('staff'))).status).toBe(403);
    expect((await exportAs(signed('admin'))).status).toBe(200);
    expect((await exportAs(signed(null))).status).toBe(401);
    const bad = await exportAs(signed('student', userId), ['not an address']);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'emails.0': 'Not a valid e-mail address' });
  });
});
