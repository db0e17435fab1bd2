import { describe, expect, it } from 'vitest';
import { draftOf, fieldsOf, isChanged, rebase } from './market-draft.ts';

const stored = { ...draftOf(null), id: 'm-1', version: 3, title: 'Handwerksmarkt', type: 'handwerksmarkt' as const };

describe('market drafts', () => {
  it('sends nested values as JSON text and leaves out a first date of a stored market', () => {
    const fields = fieldsOf({ ...stored, schedule: 'regular', weekdays: ['SA'], first_start: '2027-05-01' });
    expect(JSON.parse(fields['rule']!)).toMatchObject({ freq: 'weekly', weekdays: ['SA'], nth: null });
    expect(fields).toMatchObject({ id: 'm-1', version: '3', first_date: '', image: '' });
  });

  it('keeps the clerk’s changed fields over a newer version, and takes the others from it', () => {
    const draft = { ...stored, floor: 'Erdgeschoss' };
    const newer = { ...stored, version: 4, location: 'Schlosspark Hartberg' };
    const rebased = rebase(draft, stored, newer);
    expect(rebased).toMatchObject({ version: 4, floor: 'Erdgeschoss', location: 'Schlosspark Hartberg' });
    expect(isChanged(rebased, newer)).toBe(true);
    expect(isChanged(rebase(stored, stored, newer), newer)).toBe(false);
  });
});
