import type { ComponentProps } from 'react';

/**
 * The site's button looks, for a <button> (`Button`) and for a link that looks like one (`buttonClass` on a
 * <Link> or <a>). Plain class names, no widget library: the public pages use it too.
 */
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-md disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS = {
  /** The action a screen is for: Pay, Create Booking, Return Home. */
  primary: 'bg-stone-900 font-medium text-white hover:bg-stone-700',
  /** Any other action: Cancel, Copy, Download CSV. */
  secondary: 'border border-stone-300 bg-white font-medium text-stone-900 hover:bg-stone-100',
  /** An action that cannot be undone: Cancel Booking. */
  danger: 'bg-red-700 font-medium text-white hover:bg-red-800',
  /** A row's Confirm in the owner's list. */
  confirm: 'bg-green-700 font-medium text-white hover:bg-green-800',
  /** A row's Cancel or Unblock in the owner's list: quieter than `danger`. */
  'danger-outline': 'border border-red-300 bg-white font-medium text-red-800 hover:bg-red-50',
  /** The guest's call to action over the photos: Book Now. */
  accent: 'bg-amber-400 font-semibold text-stone-950 hover:bg-amber-300',
} as const;

/** `sm` and `md` set a small type size (forms, lists); `lg` and `xl` keep the page's (calls to action). */
const SIZES = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-2.5',
  xl: 'px-6 py-3',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;
export type ButtonStyle = { variant?: ButtonVariant; size?: ButtonSize; className?: string | undefined };

/** The class names of a button look; `className` adds layout (margins, width), not another look. */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return [BASE, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(' ');
}

/** A <button> in one of the site's looks; `type` is 'button' unless told, so it never submits by accident. */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonStyle) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
