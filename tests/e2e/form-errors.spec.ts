import { type Locator, type Page } from '@playwright/test';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { viennaDay } from '../../src/lib/market-rules.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { showMarketView } from './helpers/dates.ts';
import { logInAsDemo } from './helpers/demo.ts';
import { messages } from './helpers/messages.ts';
import { expect, test } from './helpers/portal.ts';

const m = messages('de');
const TODAY = viennaDay(new Date());
const YEAR = Number(TODAY.slice(0, 4));
const day = (offset: number) => format(addDays(parseISO(TODAY), offset), 'yyyy-MM-dd');

/**
 * Issue 53, acceptance 3: every validation message of the market and date forms, once each, in the
 * error summary at the form's top (which takes the focus) and at its field; the summary's line
 * leads to the field. Each message says what is wrong with that field and value.
 */
interface Case {
  code: string;
  /** Fills the form so that exactly this refusal is left. */
  fill: (form: Locator) => Promise<void>;
  /** The field refused, by its group (fieldset legend) and label. */
  group?: string;
  label: string;
  message: string;
}

const field = (form: Locator, label: string, group?: string) =>
  (group ? form.getByRole('group', { name: group }) : form).getByLabel(label, { exact: false }).first();
const season = m('market.season');
const firstDate = m('market.firstDate');

const MARKET_CASES: Case[] = [
  {
    code: 'required_fields',
    fill: async (form) => void (await field(form, m('market.field.type')).selectOption('kirtag')),
    label: m('market.field.title'),
    message: m('errors.missing.title'),
  },
  {
    code: 'too_long',
    fill: async (form) => await field(form, m('market.field.title')).fill('K'.repeat(201)),
    label: m('market.field.title'),
    message: m('errors.too_long'),
  },
  {
    code: 'invalid_url',
    fill: async (form) => await field(form, m('market.field.website')).fill('gemeinde'),
    label: m('market.field.website'),
    message: m('errors.invalid_url'),
  },
  {
    code: 'invalid_phone',
    fill: async (form) => await field(form, m('market.field.phone')).fill('03332 6030'),
    label: m('market.field.phone'),
    message: m('errors.invalid_phone'),
  },
  {
    code: 'invalid_email',
    fill: async (form) => await field(form, m('market.field.email')).fill('marktamt@'),
    label: m('market.field.email'),
    message: m('errors.invalid_email'),
  },
  {
    code: 'end_before_start',
    fill: async (form) => {
      await field(form, m('market.field.dateStart'), season).fill(`${YEAR + 1}-10-31`);
      await field(form, m('market.field.dateEnd'), season).fill(`${YEAR + 1}-04-01`);
    },
    group: season,
    label: m('market.field.dateEnd'),
    message: m('errors.end_before_start'),
  },
  {
    code: 'season_incomplete',
    fill: async (form) => {
      await field(form, m('market.field.dateStart'), season).fill(`${YEAR + 1}-04-01`);
      await form.getByLabel(m('market.field.seasonRepeats')).check();
    },
    group: season,
    label: m('market.field.dateEnd'),
    message: m('errors.season_incomplete'),
  },
  {
    code: 'season_too_long',
    fill: async (form) => {
      await field(form, m('market.field.dateStart'), season).fill(`${YEAR + 1}-01-01`);
      await field(form, m('market.field.dateEnd'), season).fill(`${YEAR + 2}-06-30`);
      await form.getByLabel(m('market.field.seasonRepeats')).check();
    },
    group: season,
    label: m('market.field.dateEnd'),
    message: m('errors.season_too_long'),
  },
  {
    code: 'invalid_date',
    fill: async (form) => await field(form, m('marketDate.field.dateStart'), firstDate).fill(`${YEAR + 1}-02-30`),
    group: firstDate,
    label: m('marketDate.field.dateStart'),
    message: m('errors.invalid_date'),
  },
  {
    code: 'date_out_of_range',
    // The last day is left empty: the refusal stands at the first day, where the clerk typed.
    fill: async (form) => await field(form, m('marketDate.field.dateStart'), firstDate).fill(`${YEAR + 2}-06-01`),
    group: firstDate,
    label: m('marketDate.field.dateStart'),
    message: m('errors.date_out_of_range'),
  },
  {
    code: 'outside_season',
    fill: async (form) => {
      await field(form, m('market.field.dateStart'), season).fill(`${YEAR + 1}-04-01`);
      await field(form, m('market.field.dateEnd'), season).fill(`${YEAR + 1}-10-31`);
      await field(form, m('marketDate.field.dateStart'), firstDate).fill(`${YEAR + 1}-12-05`);
    },
    group: firstDate,
    label: m('marketDate.field.dateStart'),
    message: m('errors.outsideSeasonSpan').replace('{{season}}', `1. April ${YEAR + 1} – 31. Oktober ${YEAR + 1}`),
  },
];

const DATE_CASES: Case[] = [
  {
    code: 'required_fields',
    fill: async (form) => await field(form, m('marketDate.field.note')).fill('Mit Blasmusik'),
    label: m('marketDate.field.dateStart'),
    message: m('errors.missing.date_start'),
  },
  {
    code: 'invalid_date',
    fill: async (form) => await field(form, m('marketDate.field.dateStart')).fill(`${YEAR + 1}-02-30`),
    label: m('marketDate.field.dateStart'),
    message: m('errors.invalid_date'),
  },
  {
    code: 'date_in_past',
    fill: async (form) => await field(form, m('marketDate.field.dateStart')).fill(day(-1)),
    label: m('marketDate.field.dateStart'),
    message: m('errors.date_in_past'),
  },
  {
    code: 'end_before_start',
    fill: async (form) => {
      await field(form, m('marketDate.field.dateStart')).fill(`${YEAR + 1}-06-05`);
      await field(form, m('marketDate.field.dateEnd')).fill(`${YEAR + 1}-06-01`);
    },
    label: m('marketDate.field.dateEnd'),
    message: m('errors.end_before_start'),
  },
  {
    code: 'end_time_before_start',
    fill: async (form) => {
      await field(form, m('marketDate.field.dateStart')).fill(`${YEAR + 1}-06-05`);
      await field(form, m('market.rule.timeFrom')).fill('12:00');
      await field(form, m('market.rule.timeTo')).fill('08:00');
    },
    label: m('market.rule.timeTo'),
    message: m('errors.end_time_before_start'),
  },
];

async function expectInSummaryAndAtField(page: Page, form: Locator, one: Case) {
  const summary = form.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  const link = summary.getByRole('link', { name: `${one.label}: ${one.message}` });
  await expect(link).toBeVisible();
  await expect(form.locator('.field-error', { hasText: one.message })).toBeVisible();
  await link.click();
  await expect(field(form, one.label, one.group)).toBeFocused();
  await expectNoAxeViolations(page);
}

test.describe('the market form’s messages (issue 53)', () => {
  for (const one of MARKET_CASES) {
    test(one.code, async ({ page }) => {
      await logInAsDemo(page);
      await page.goto('/maerkte?markt=neu');
      const form = page.getByRole('form', { name: m('market.newHeading') });
      if (one.code !== 'required_fields') {
        await field(form, m('market.field.title')).fill('Testmarkt');
        await field(form, m('market.field.type')).selectOption('kirtag');
      }
      await one.fill(form);
      await form.getByRole('button', { name: m('saveBar.save') }).click();
      await expectInSummaryAndAtField(page, form, one);
    });
  }
});

test.describe('the date form’s messages (issue 53)', () => {
  const open = async (page: Page, title: string) => {
    await logInAsDemo(page);
    await page.goto('/maerkte');
    await page.getByRole('link', { name: `${m('market.edit')}: ${title}` }).click();
    await showMarketView(page, m, 'dates');
    await page.getByRole('button', { name: m('marketDate.add') }).click();
    const form = page.locator('form.date-form');
    await expect(form.getByRole('heading')).toBeFocused();
    return form;
  };
  for (const one of DATE_CASES) {
    test(one.code, async ({ page }) => {
      // On New Year's Day yesterday is last year's: out of range, not past.
      test.skip(one.code === 'date_in_past' && TODAY.endsWith('-01-01'), 'yesterday lies in last year');
      const form = await open(page, 'Hartberger Frühjahrsmesse');
      await one.fill(form);
      await form.getByRole('button', { name: m('marketDate.save') }).click();
      await expectInSummaryAndAtField(page, form, one);
    });
  }

  test('outside_season names the season of a market that repeats every year', async ({ page }) => {
    const form = await open(page, 'Monatsmarkt im Ökopark');
    await field(form, m('marketDate.field.dateStart')).fill(`${YEAR + 1}-12-10`);
    await form.getByRole('button', { name: m('marketDate.save') }).click();
    await expectInSummaryAndAtField(page, form, {
      code: 'outside_season',
      fill: async () => {},
      label: m('marketDate.field.dateStart'),
      message: m('errors.outsideSeasonSpan').replace('{{season}}', `1. März ${YEAR + 1} – 30. November ${YEAR + 1}`),
    });
  });
});
