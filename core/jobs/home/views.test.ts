import { describe, expect, it } from 'vitest';
import { validateSettingsPatch } from '../../usersettings/userSettings';
import { withView, type SavedView } from './views';

const view = (name: string, stext = 'wharf'): SavedView => ({ name, filter: { stext }, sort: { field: 'job_start', order: 'ASC' } });

describe('saved sheet views', () => {
  it('saves a view under its name, replacing one of the same name, in name order', () => {
    const views = withView(withView([], view('Quotes')), view('Late'));
    expect(views.map((v) => v.name)).toEqual(['Late', 'Quotes']);
    expect(withView(views, view('Quotes', 'harbour')).find((v) => v.name === 'Quotes')!.filter).toEqual({ stext: 'harbour' });
  });

  it('the setting takes well-formed views only', () => {
    expect(validateSettingsPatch({ sheetViews: [view('Late')] })).toEqual([]);
    expect(validateSettingsPatch({ sheetViews: [{ ...view('Late'), sort: { field: 'password', order: 'ASC' } }] })).toEqual([
      { field: 'sheetViews', message: 'validation.value' },
    ]);
    expect(validateSettingsPatch({ sheetViews: [view('Late'), view('Late')] })).toEqual([{ field: 'sheetViews', message: 'validation.value' }]);
    expect(validateSettingsPatch({ sheetViews: [{ ...view(''), name: '' }] })).toEqual([{ field: 'sheetViews', message: 'validation.required' }]);
  });
});
