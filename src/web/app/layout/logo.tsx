import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-ink">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#4f46e5" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="14" fill="url(#logo-gradient)" />
        <path d="M42 22a14 14 0 1 0 2 16H32" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {PRODUCT_NAME}
    </Link>
  );
}
