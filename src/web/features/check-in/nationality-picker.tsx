import { type KeyboardEvent, useId, useState } from 'react';
import { Input } from '../../components/ui/input.tsx';
import { type Country, nationalityName, searchNationalities } from './countries.ts';

/**
 * A searchable list of country names (a combobox with list autocomplete, as the WAI-ARIA Authoring Practices
 * describe it): the guest types part of a name and picks it with a tap, or the arrows and Enter; the value is the
 * ISO 3166-1 alpha-2 code.
 */
export function NationalityPicker({ value, onChange }: { value: string; onChange(code: string): void }) {
  const [text, setText] = useState(value ? nationalityName(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = open ? searchNationalities(text) : [];

  function pick(country: Country) {
    setText(country.name);
    setOpen(false);
    onChange(country.code);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (matches.length === 0) return;
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, matches.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') pick(matches[active] ?? (matches[0] as Country));
    else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
  }

  return (
    <div className="relative">
      <Input
        role="combobox"
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches.length > 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange('');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Nationalities"
        hidden={matches.length === 0}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md border border-stone-300 bg-white shadow"
      >
        {matches.map((country, index) => (
          <div
            key={country.code}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-stone-100' : ''}`}
            // Keeps the focus in the text box, so its blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(country)}
            onKeyDown={() => undefined}
          >
            {country.name}
          </div>
        ))}
      </div>
    </div>
  );
}
