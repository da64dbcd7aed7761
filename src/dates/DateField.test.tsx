import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { resetAuthState, setAuthenticated } from '../auth/authStore';
import { renderWithApp } from '../test/renderWithApp';
import { stubDesktopPointer } from '../test/media';
import { DateField, DateTimeField } from './DateField';

beforeEach(() => stubDesktopPointer());

/** The picker's field once the pickers have loaded (until then a disabled placeholder holds its place). */
async function pickerInput(name: string): Promise<HTMLElement> {
  // The first import of the pickers takes seconds in jsdom on a loaded machine.
  await waitFor(() => expect(screen.getByRole('textbox', { name })).toBeEnabled(), { timeout: 20_000 });
  return screen.getByRole('textbox', { name });
}

function signIn(settings: Record<string, string>) {
  setAuthenticated({ is_loggedin: true, user_id: 3, us_id: 3, role: 'Operator', fullname: 'O', settings });
}

function Controlled({ initial, onChange }: { initial: string; onChange: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <DateField
      label="Due date"
      value={day}
      onChange={(d) => {
        setDay(d);
        onChange(d);
      }}
    />
  );
}

describe('the shared date input', () => {
  afterEach(() => resetAuthState());

  it('reads a date typed as DD/MM/YYYY as that day for an en-GB user', async () => {
    signIn({ language: 'en-GB', dateFormat: 'DD/MM/YYYY HH:mm:ss', timezone: 'America/New_York' });
    const onChange = vi.fn();
    await renderWithApp(<Controlled initial="" onChange={onChange} />);
    const input = await pickerInput('Due date');
    await userEvent.click(input);
    await userEvent.keyboard('05032027');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2027-03-05'));
    expect(input).toHaveValue('05/03/2027');
    // Half-typed days are not sent: the form only ever saw the complete date.
    expect(onChange.mock.calls.every(([d]) => d === '2027-03-05')).toBe(true);
  }, 30_000);

  it('shows a stored date in the user’s date format', async () => {
    signIn({ language: 'en-US', dateFormat: 'YYYY.MM.DD. HH:mm:ss' });
    await renderWithApp(<DateField label="Due date" value="2027-03-05 12:00:00" onChange={() => undefined} />);
    expect(await pickerInput('Due date')).toHaveValue('2027.03.05.');
  }, 30_000);

  it('shows a date-time in the user’s time zone, not the browser’s', async () => {
    signIn({ language: 'en-GB', dateFormat: 'DD/MM/YYYY HH:mm:ss', timezone: 'America/New_York' });
    await renderWithApp(<DateTimeField label="Start" value="2026-12-31 14:00:00" onChange={() => undefined} />);
    expect(await pickerInput('Start')).toHaveValue('31/12/2026 09:00');
  }, 30_000);
});
