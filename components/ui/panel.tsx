import { useId, type ReactNode } from 'react';

type Props = { title: ReactNode; children: ReactNode; className?: string; headingClassName?: string; testId?: string };

/** A card of the page named by its h2, so it is a region screen-reader users can list and jump to. */
export function Panel({ title, children, className, headingClassName, testId }: Props) {
  const headingId = useId();
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
