export type RadioCard<T extends string> = { value: T; label: string; hint: string };

type Props<T extends string> = {
  name: string;
  options: readonly RadioCard<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Names the group when the surrounding fieldset's legend covers more than these radios. */
  groupLabel?: string;
};

/**
 * Radio buttons drawn as cards with a hint under each label: still one native radio group
 * (arrow keys move, the label and hint are the radio's name), placed in the caller's fieldset.
 */
export function RadioCards<T extends string>({ name, options, value, onChange, groupLabel }: Props<T>) {
  return (
    <div className="radio-cards" role={groupLabel ? 'radiogroup' : undefined} aria-label={groupLabel}>
      {options.map((o) => (
        <label key={o.value} className={`radio-card${value === o.value ? ' is-selected' : ''}`}>
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          <span>
            <strong>{o.label}</strong>
            <small className="muted">{o.hint}</small>
          </span>
        </label>
      ))}
    </div>
  );
}
