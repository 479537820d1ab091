import { cardStyle } from '../styles';

export function ProfileFormSkeleton() {
  return (
    <div role="status" className={`${cardStyle} h-96 animate-pulse bg-raised`}>
      <span className="sr-only">Loading your profile…</span>
    </div>
  );
}
