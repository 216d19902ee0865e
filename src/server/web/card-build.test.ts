import { describe, expect, it } from 'vitest';
import { firstViewLeaks } from '../../../vite.card.config.ts';

/**
 * The card's build fails when the first view's path takes in the form's or the dialogs' libraries
 * (docs/decisions/037-the-book-now-cards-first-view.md): what the root's chunk imports statically is on that path,
 * what it imports dynamically (the details, Stripe's panel) is not.
 */
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  fileName,
  isEntry,
  imports,
  moduleIds,
});
const ROOT = '/app/src/web/features/booking/booking-island.tsx';
const PREACT = '/app/node_modules/preact/dist/preact.module.js';
const ZOD = '/app/node_modules/zod/v4/classic/schemas.js';
const DIALOG = '/app/node_modules/@radix-ui/react-dialog/dist/index.mjs';
const FORM = '/app/node_modules/react-hook-form/dist/index.esm.mjs';

describe('firstViewLeaks', () => {
  it('finds nothing when the form’s and the dialogs’ libraries are only in a chunk imported dynamically', () => {
    const chunks = [
      chunk('assets/booking-island-1.js', [ROOT], ['assets/shared-2.js'], true),
      chunk('assets/shared-2.js', [PREACT]),
      chunk('assets/details-3.js', [ZOD, DIALOG, FORM], ['assets/shared-2.js']),
    ];
    expect(firstViewLeaks(chunks)).toEqual([]);
  });

  it('names each one in the root’s chunk or a chunk it imports statically, however deep', () => {
    const chunks = [
      chunk('assets/booking-island-1.js', [ROOT, FORM], ['assets/shared-2.js'], true),
      chunk('assets/shared-2.js', [PREACT], ['assets/deeper-3.js']),
      chunk('assets/deeper-3.js', [ZOD, DIALOG]),
    ];
    expect(firstViewLeaks(chunks)).toEqual([FORM, ZOD, DIALOG]);
  });
});
