import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { OtpInput } from './OtpInput';

function Harness({ onSubmit = () => undefined }: { onSubmit?: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <OtpInput value={code} onChange={setCode} label="Verification code" />
      <output aria-label="code">{code}</output>
      <button type="submit" disabled={code.length !== 6}>
        Verify Code
      </button>
    </form>
  );
}

const boxes = () => screen.getAllByRole<HTMLInputElement>('textbox', { name: /^Digit \d of 6$/ });
const values = () => boxes().map((box) => box.value);

describe('OtpInput (six single-digit boxes)', () => {
  test('six labelled boxes in one labelled group, the first one the only tab stop', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    expect(boxes().map((box) => box.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    expect(boxes()[0].getAttribute('autocomplete')).toBe('one-time-code');
  });

  test('typing a digit moves focus to the next box; letters are ignored', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.keyboard('1a2');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[2]);
  });

  test('pasting a code fills every box, whatever surrounds the digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.paste(' 123-456 ');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(screen.getByLabelText('code').textContent).toBe('123456');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  test('a paste longer than six digits keeps the first six', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.paste('98765432');
    expect(screen.getByLabelText('code').textContent).toBe('987654');
  });

  test('Backspace on an empty box clears the previous one and moves back to it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.keyboard('123');
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '', '', '']);
  });

  test('typing over a filled box replaces its digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.keyboard('12');
    await user.click(boxes()[0]);
    await user.keyboard('7');
    expect(values()).toEqual(['7', '2', '', '', '', '']);
  });

  test('a click on a later empty box lands on the first empty one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[4]);
    expect(document.activeElement).toBe(boxes()[0]);
  });

  test('arrow keys move between the filled boxes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]);
    await user.keyboard('12');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(boxes()[0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(boxes()[1]);
  });

  test('Enter submits the form once the code is complete', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(boxes()[0]);
    await user.paste('123456');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });
});

describe('OtpInput in Arabic (issue 12)', () => {
  test('the boxes are labelled in Arabic and stay left to right', async () => {
    await i18n.changeLanguage('ar');
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group.getAttribute('dir')).toBe('ltr');
    const arabicBoxes = screen.getAllByRole('textbox', { name: /^الرقم \d من 6$/ });
    expect(arabicBoxes).toHaveLength(6);
    const user = userEvent.setup();
    await user.click(arabicBoxes[0]);
    await user.paste('123456');
    expect(screen.getByLabelText('code').textContent).toBe('123456');
  });
});
