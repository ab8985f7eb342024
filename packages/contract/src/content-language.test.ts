import { describe, expect, it } from 'vitest';
import { inputIn, nameIn, optionValueIn, projectIn, projectLacksHindi, projectTranslationsSchema } from './content-language';
import { incomeInput, nameInput } from './lead-form';

describe('content in a reader’s language', () => {
  const project = { job_title: 'Gold Loan', tag_line: 'Loan in 30 minutes', features: ['Low interest', 'Safe locker'], rewards: null };
  const translations = { hi: { job_title: 'गोल्ड लोन', tag_line: '  ', features: ['कम ब्याज'] } };

  it('answers the Hindi where it is written and the English where it is empty, entry by entry', () => {
    expect(projectIn(project, translations, 'hi')).toEqual({
      job_title: 'गोल्ड लोन',
      tag_line: 'Loan in 30 minutes',
      features: ['कम ब्याज', 'Safe locker'],
      rewards: null,
    });
    expect(projectIn(project, translations, 'en')).toBe(project);
    expect(nameIn('Loans', { hi: { name: 'लोन' } }, 'hi')).toBe('लोन');
    expect(nameIn('Loans', {}, 'hi')).toBe('Loans');
  });

  it('gives a form input its Hindi label and option names, keeping the English values and label for the rules', () => {
    const city = {
      input_id: 4,
      label: 'City',
      input_type: 'DROPDOWN',
      input_enum: ['Pune', 'Delhi'],
      placeholder: 'Select city',
      translations: { hi: { label: 'शहर', options: ['पुणे'] } },
    };
    const shown = inputIn(city, 'hi');
    expect(shown).toMatchObject({
      label: 'शहर',
      placeholder: 'Select city',
      input_enum: ['Pune', 'Delhi'],
      option_labels: ['पुणे', 'Delhi'],
    });
    expect('translations' in shown).toBe(false);
    const name = inputIn(
      { input_id: 2, label: 'Customer Name', input_type: 'TEXT', translations: { hi: { label: 'ग्राहक का नाम' } } },
      'hi',
    );
    const income = inputIn(
      { input_id: 3, label: 'Monthly Income', input_type: 'NUMBER', translations: { hi: { label: 'मासिक आय' } } },
      'hi',
    );
    const mobile = { input_id: 1, label: 'मोबाइल', input_type: 'NUMBER', input_category: 'MOBILE' };
    expect(nameInput([mobile, income, name])?.input_id).toBe(2);
    expect(incomeInput([mobile, name, income])?.input_id).toBe(3);
  });

  it('names a stored option (its English value) in the reader’s language, the English where no Hindi is written', () => {
    const weight = {
      label: 'Gold Weight',
      input_enum: ['Under 10 g', '10-50 g', 'Over 50 g'],
      translations: { hi: { options: ['10 ग्राम से कम', '10-50 ग्राम'] } },
    };
    expect(optionValueIn(weight, '10-50 g', 'hi')).toBe('10-50 ग्राम');
    expect(optionValueIn(weight, 'Over 50 g', 'hi')).toBe('Over 50 g');
    expect(optionValueIn(weight, 'Under 10 g,10-50 g', 'hi')).toBe('10 ग्राम से कम, 10-50 ग्राम');
    expect(optionValueIn(weight, '10-50 g', 'en')).toBe('10-50 g');
    expect(optionValueIn({ label: 'Shop' }, 'Kirana', 'hi')).toBe('Kirana');
  });

  it('lists the texts that have English and no Hindi', () => {
    const missing = projectLacksHindi(
      { ...project, translations },
      { description: 'Lead form', inputs: [{ label: 'City', input_enum: ['Pune'], translations: { hi: { label: 'शहर' } } }] },
    );
    expect(missing.map((m) => m.field)).toEqual(['tag_line', 'features', 'form.description', 'form.options']);
  });

  it('refuses a NUL in a translation', () => {
    expect(projectTranslationsSchema.safeParse({ hi: { job_title: 'a\u0000' } }).success).toBe(false);
  });
});
