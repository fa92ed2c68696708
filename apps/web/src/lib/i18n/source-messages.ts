/**
 * An English message as the code writes it (ICU MessageFormat, as Lingui's macros emit it), filled
 * with its values: plain arguments, `plural`, `selectordinal` (`#` is the number, `=n` an exact
 * case) and `select`. English pages need no catalogue and no message parser this way (ADR 56):
 * every other language's messages come compiled by the build. `source-messages.test.ts` checks
 * the result equals Lingui's own for every message of the catalogue.
 */
export function formatSourceMessage(message: string, values: Record<string, unknown> = {}, locale = 'en'): string {
  let at = 0;
  const numbers = new Intl.NumberFormat(locale);

  const skipSpace = () => {
    while (/\s/.test(message[at] ?? '')) at += 1;
  };
  const word = (): string => {
    const start = at;
    while (at < message.length && !/[\s,{}]/.test(message[at] as string)) at += 1;
    return message.slice(start, at);
  };
  const expect = (char: string) => {
    if (message[at] !== char) throw new SyntaxError(`"${char}" expected at ${at} in: ${message}`);
    at += 1;
  };

  /** Text up to the `}` that closes it (or the end); `count` is what `#` stands for in a plural. */
  const text = (count?: number): string => {
    let out = '';
    while (at < message.length && message[at] !== '}') {
      const char = message[at] as string;
      if (char === '{') {
        at += 1;
        out += argument();
      } else if (char === '#' && count !== undefined) {
        out += numbers.format(count);
        at += 1;
      } else {
        out += char;
        at += 1;
      }
    }
    return out;
  };

  const argument = (): string => {
    skipSpace();
    const name = word();
    skipSpace();
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (message[at] === '}') {
      at += 1;
      return value == null ? '' : String(value);
    }
    expect(',');
    skipSpace();
    const type = word();
    skipSpace();
    expect(',');
    const cases = new Map<string, string>();
    let offset = 0;
    const n = Number(value);
    for (skipSpace(); message[at] !== '}'; skipSpace()) {
      const key = word();
      if (key.startsWith('offset:')) {
        offset = Number(key.slice('offset:'.length));
        continue;
      }
      skipSpace();
      expect('{');
      cases.set(key, text(type === 'select' ? undefined : n - offset));
      expect('}');
    }
    at += 1;
    if (type === 'select') return cases.get(String(value)) ?? cases.get('other') ?? '';
    const rules = new Intl.PluralRules(locale, { type: type === 'selectordinal' ? 'ordinal' : 'cardinal' });
    return cases.get(`=${n}`) ?? cases.get(rules.select(n - offset)) ?? cases.get('other') ?? '';
  };

  return text();
}
