import { joinFullName, splitFullName } from './full-name';

describe('full name (SPEC §3 "Student profile")', () => {
  test.each([
    ['Sara Al Mansoori', 'Sara', 'Al Mansoori'],
    ['  Omar   bin Rashid ', 'Omar', 'bin Rashid'],
    ['Mohammed Ahmed Ali Hassan', 'Mohammed', 'Ahmed Ali Hassan'],
    ['Cher', 'Cher', ''],
    ['', '', ''],
  ])('"%s" saves as first "%s" and last "%s"', (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });

  test('the field shows first and last name joined by a space', () => {
    expect(joinFullName('Sara', 'Al Mansoori')).toBe('Sara Al Mansoori');
    expect(joinFullName('Cher', '')).toBe('Cher');
  });
});
