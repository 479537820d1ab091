import { useState } from 'react';
import { listHref } from '../../lib/lists/model';
import { buttonStyles, inputStyle } from '../styles';

/** The address anyone can open while the list is public. */
export function ShareLink({ listId, name }: { listId: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${listHref(listId)}`;
  const copy = async () => {
    await navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <input
        readOnly
        value={url}
        aria-label={`Share link for ${name}`}
        onFocus={(event) => event.target.select()}
        className={`${inputStyle} font-mono text-sm`}
      />
      <button type="button" onClick={() => void copy()} className={`${buttonStyles.secondary} shrink-0 whitespace-nowrap`}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
      <span role="status" className="sr-only">
        {copied ? 'Link copied' : ''}
      </span>
    </div>
  );
}
