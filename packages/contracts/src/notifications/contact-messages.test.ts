import { contactMessageBody } from './contact-messages.js';

const valid = {
  firstName: 'Sara',
  lastName: 'Ali',
  email: 'sara@student.ae',
  message: 'A message of some length',
};

describe('contactMessageBody', () => {
  test('trims every field', () => {
    expect(
      contactMessageBody.parse({
        firstName: ' Sara ',
        lastName: '\tAli ',
        email: ' sara@student.ae ',
        message: '  Hello there! \n',
      }),
    ).toEqual({ firstName: 'Sara', lastName: 'Ali', email: 'sara@student.ae', message: 'Hello there!' });
  });

  test('accepts the limits exactly', () => {
    const email = `${'a'.repeat(64)}@${['b', 'c', 'd'].map((c) => c.repeat(50)).join('.')}.${'e'.repeat(33)}.ae`;
    const atLimits = { firstName: 'Sa', lastName: 'x'.repeat(100), email, message: 'x'.repeat(5000) };
    expect(atLimits.email).toHaveLength(254);
    expect(contactMessageBody.safeParse(atLimits).success).toBe(true);
    expect(contactMessageBody.safeParse({ ...valid, message: '0123456789' }).success).toBe(true);
  });

  test('drops fields it does not know', () => {
    expect(contactMessageBody.parse({ ...valid, status: 'handled', id: 'x' })).toEqual(valid);
  });
});
