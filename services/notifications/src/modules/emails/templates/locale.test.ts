import { days, documentLabel, formatDay, formatUaeTime, minutes, plural } from './locale';

describe('formatDay', () => {
  test('writes an ISO day as English readers in the UAE read it, as the labels producers sent before', () => {
    expect(formatDay('2027-11-26', 'en')).toBe('26 November 2027');
    expect(formatDay('2028-02-29', 'en')).toBe('29 February 2028');
  });

  test('writes an ISO day in Arabic, in the Gregorian calendar', () => {
    expect(formatDay('2027-11-26', 'ar')).toBe('26 نوفمبر 2027');
    expect(formatDay('2028-02-29', 'ar')).toBe('29 فبراير 2028');
  });

  test('keeps the day whatever the time zone of the process (no shift to the day before or after)', () => {
    expect(formatDay('2027-01-01', 'en')).toBe('1 January 2027');
    expect(formatDay('2027-12-31', 'ar')).toBe('31 ديسمبر 2027');
  });

  test.each(['21 November 2027', '2027-02-30', '2027-13-01', '2027-11-26T00:00:00Z', '27-11-26', ''])(
    'shows %j, which is not an ISO day, as given',
    (value) => {
      expect(formatDay(value, 'en')).toBe(value);
      expect(formatDay(value, 'ar')).toBe(value);
    },
  );
});

describe('formatUaeTime', () => {
  test('English stays "22 Nov 2026, 00:30 (UAE time)"; Arabic names the month and says UAE time', () => {
    const at = new Date('2026-11-21T20:30:00Z');
    expect(formatUaeTime(at)).toBe('22 Nov 2026, 00:30 (UAE time)');
    expect(formatUaeTime(at, 'en')).toBe('22 Nov 2026, 00:30 (UAE time)');
    expect(formatUaeTime(at, 'ar')).toBe('22 نوفمبر 2026 في 12:30 ص (بتوقيت الإمارات)');
  });
});

describe('plural', () => {
  test.each([
    ['1', 'يوم واحد'],
    ['2', 'يومين'],
    ['3', '3 أيام'],
    ['7', '7 أيام'],
    ['10', '10 أيام'],
    ['11', '11 يوماً'],
    ['28', '28 يوماً'],
    ['99', '99 يوماً'],
    ['100', '100 يوم'],
    ['102', '102 يوم'],
    ['103', '103 أيام'],
    ['111', '111 يوماً'],
  ])('%s days in Arabic: %s', (count, words) => {
    expect(plural(count, days, 'ar')).toBe(words);
  });

  test('English days: one day, otherwise days', () => {
    expect(plural('1', days, 'en')).toBe('1 day');
    expect(plural('2', days, 'en')).toBe('2 days');
    expect(plural('28', days, 'en')).toBe('28 days');
  });

  test('minutes: Arabic forms, English as it always read', () => {
    expect(plural('10', minutes, 'ar')).toBe('10 دقائق');
    expect(plural('15', minutes, 'ar')).toBe('15 دقيقة');
    expect(plural('2', minutes, 'ar')).toBe('دقيقتين');
    expect(plural('10', minutes, 'en')).toBe('10 minutes');
  });
});

describe('documentLabel', () => {
  test.each([
    ['student_id', 'Student ID', 'بطاقة الطالب'],
    ['enrollment_letter', 'Enrollment letter', 'خطاب إثبات القيد'],
    ['passport', 'Passport', 'جواز السفر'],
    ['emirates_id', 'Emirates ID', 'بطاقة الهوية الإماراتية'],
    ['transcript', 'Transcript', 'كشف الدرجات'],
  ])('%s is "%s" in English and "%s" in Arabic', (code, english, arabic) => {
    expect(documentLabel(code, 'en')).toBe(english);
    expect(documentLabel(code, 'ar')).toBe(arabic);
  });

  test.each(['Student ID', 'library_card', 'constructor', 'toString', '__proto__'])(
    'shows %j, which is not a known code, as given',
    (value) => {
      expect(documentLabel(value, 'en')).toBe(value);
      expect(documentLabel(value, 'ar')).toBe(value);
    },
  );
});
