/**
 * Moving focus to something that is about to appear (a variant just added, a tab being opened):
 * elements are found by a stable id, tried for a few frames until they render.
 */
export const variantNameId = (field: string, index: number) => `variant-name-${field}-${index}`;

export function focusWhenShown(id: string, frames = 30) {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (element) {
      element.focus();
      element.scrollIntoView?.({ block: 'center' });
    } else if (frames > 0) focusWhenShown(id, frames - 1);
  });
}
