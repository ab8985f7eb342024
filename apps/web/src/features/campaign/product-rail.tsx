import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { CARD_AUTO_SCROLL_MS, PRODUCTS_BEFORE_SHOW_ALL } from '@pmw/contract/campaign-rules';
import type { CampaignCategory, CampaignProduct } from '@pmw/contract/campaign';
import { LiveButton } from '../../shared/public-page/live';
import { t } from './messages';

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Moves a row of cards one card every 3 s; stops while touched, hovered or focused, and for reduced motion. */
function useAutoScroll(enabled: boolean) {
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = ref.current;
    if (!enabled || !row || reducedMotion()) return;
    let paused = false;
    let resumeTimer: ReturnType<typeof setTimeout> | undefined;
    const pause = () => {
      paused = true;
      clearTimeout(resumeTimer);
    };
    const resumeLater = () => {
      clearTimeout(resumeTimer);
      resumeTimer = setTimeout(() => (paused = false), CARD_AUTO_SCROLL_MS);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (!row.contains(e.relatedTarget as Node | null)) resumeLater();
    };
    const listeners: [string, EventListener][] = [
      ['pointerenter', pause],
      ['pointerleave', resumeLater],
      ['touchstart', pause],
      ['touchend', resumeLater],
      ['focusin', pause],
      ['focusout', onFocusOut as EventListener],
    ];
    for (const [name, fn] of listeners) row.addEventListener(name, fn, { passive: true });
    const timer = setInterval(() => {
      if (paused || document.hidden) return;
      const card = row.querySelector('li');
      const step = card ? card.getBoundingClientRect().width + 12 : row.clientWidth;
      const atEnd = row.scrollLeft + row.clientWidth >= row.scrollWidth - 4;
      row.scrollTo({ left: atEnd ? 0 : row.scrollLeft + step, behavior: 'smooth' });
    }, CARD_AUTO_SCROLL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(resumeTimer);
      for (const [name, fn] of listeners) row.removeEventListener(name, fn);
    };
  }, [enabled]);
  return ref;
}

type GetNow = (p: CampaignProduct, e: MouseEvent) => void;

function ProductCard(props: { product: CampaignProduct; selected: boolean; href: string; onGetNow: GetNow }) {
  const { product } = props;
  return (
    <li className={`product-card${props.selected ? ' product-card--selected' : ''}`}>
      <div className="product-card__head">
        {product.logo_url ? (
          <img className="product-card__logo" src={product.logo_url} alt="" loading="lazy" decoding="async" width={44} height={44} />
        ) : (
          <span
            className="product-card__logo product-card__logo--letter"
            style={{ background: product.theme_color ?? 'var(--brand)' }}
            aria-hidden="true"
          >
            {product.employer_name.slice(0, 1)}
          </span>
        )}
        <div>
          <h3 className="product-card__title">{product.job_title}</h3>
          <p className="product-card__employer">{product.employer_name}</p>
        </div>
      </div>
      {product.tag_line && <p className="product-card__tag">{product.tag_line}</p>}
      {product.customerFeatures.length > 0 && (
        <ul className="product-card__features">
          {product.customerFeatures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <a
        href={props.href}
        className={`button button--small product-card__cta${props.selected ? ' button--ghost' : ''}`}
        aria-label={`${t('getNow')}: ${product.job_title}`}
        aria-current={props.selected ? 'true' : undefined}
        onClick={(e) => props.onGetNow(product, e)}
      >
        {props.selected ? t('selected') : t('getNow')}
      </a>
    </li>
  );
}

/** One category: 9 cards in a moving row until Show All lays every card out; Get Now is a link to the product's page. */
export function ProductRail(props: {
  category: CampaignCategory;
  selectedJobId: number | null;
  hrefOf: (p: CampaignProduct) => string;
  onGetNow: GetNow;
}) {
  const { category } = props;
  const [all, setAll] = useState(false);
  const headingId = useId();
  const listId = useId();
  const hasMore = category.products.length > PRODUCTS_BEFORE_SHOW_ALL;
  const shown = all ? category.products : category.products.slice(0, PRODUCTS_BEFORE_SHOW_ALL);
  const rowRef = useAutoScroll(!all && shown.length > 1);

  return (
    <section className="product-rail" aria-labelledby={headingId}>
      <div className="product-rail__head">
        <h2 id={headingId}>{category.title}</h2>
        {hasMore && (
          <LiveButton className="link-button" aria-expanded={all} aria-controls={listId} onClick={() => setAll((v) => !v)}>
            {all ? t('showLess') : t('showAll')}
          </LiveButton>
        )}
      </div>
      <ul
        id={listId}
        ref={rowRef}
        className={`product-rail__list${all ? ' product-rail__list--all' : ''}`}
        aria-label={t('productsIn', { title: category.title, count: category.products.length })}
      >
        {shown.map((p) => (
          <ProductCard
            key={p.job_id}
            product={p}
            selected={p.job_id === props.selectedJobId}
            href={props.hrefOf(p)}
            onGetNow={props.onGetNow}
          />
        ))}
      </ul>
    </section>
  );
}
