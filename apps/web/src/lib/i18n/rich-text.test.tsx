import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richText } from './rich-text.tsx';

describe('richText', () => {
  it('puts each numbered part where its tag is, with the words the message gives it', () => {
    const { container } = render(
      <p>
        {richText('<0>Entdecke Musik</0> oder zurück zur <1>Startseite</1>.', [
          (words) => <a href="/music">{words}</a>,
          (words) => <a href="/">{words}</a>,
        ])}
      </p>,
    );
    expect(container.textContent).toBe('Entdecke Musik oder zurück zur Startseite.');
    expect(screen.getByRole('link', { name: 'Entdecke Musik' }).getAttribute('href')).toBe('/music');
    expect(screen.getByRole('link', { name: 'Startseite' }).getAttribute('href')).toBe('/');
  });

  it('follows the translation when it puts the parts in another order', () => {
    const { container } = render(
      <p>{richText('vuelve <1>al inicio</1> o <0>descubre</0>', [(w) => <b>{w}</b>, (w) => <i>{w}</i>])}</p>,
    );
    expect(container.innerHTML).toBe('<p>vuelve <i>al inicio</i> o <b>descubre</b></p>');
  });

  it('keeps words of a tag with no part, and a message with no tags, as text', () => {
    const { container } = render(<p>{richText('a <3>b</3> c', [])}</p>);
    expect(container.innerHTML).toBe('<p>a b c</p>');
    expect(richText('plain', [])).toEqual(['plain']);
  });
});
