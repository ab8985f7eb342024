import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('a labelled field', () => {
  it('names its control by the label and points it at the hint while nothing is wrong', () => {
    render(
      <Field label="Pincode" hint="Six digits">
        {(a11y) => <input {...a11y} />}
      </Field>,
    );
    const input = screen.getByLabelText('Pincode');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Six digits');
  });

  it('shows what is wrong in place of the hint and marks the control invalid', () => {
    render(
      <Field label="File" hint="PDF, up to 5 MB" error="This file type is not allowed">
        {(a11y) => <input {...a11y} />}
      </Field>,
    );
    const input = screen.getByLabelText('File');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This file type is not allowed');
    expect(screen.queryByText('PDF, up to 5 MB')).toBeNull();
  });

  it('without an error or a hint describes nothing', () => {
    render(
      <Field label="Name" error={null}>
        {(a11y) => <input {...a11y} />}
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
