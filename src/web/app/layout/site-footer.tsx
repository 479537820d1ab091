import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { containerStyle } from '../../components/styles';
import { footerNavItems } from './nav-items';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className={`${containerStyle} flex flex-col gap-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between`}>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footerNavItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="rounded hover:text-ink hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          © {year} {PRODUCT_NAME}. The catalogue of games built around AI.
        </p>
      </div>
    </footer>
  );
}
