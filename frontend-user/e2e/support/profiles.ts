import type { Locator, Page } from 'playwright-core';

/** A small PNG drawn by the browser itself, for upload tests (no fixture file needed). */
export async function pngImage(
  page: Page,
  { width = 96, height = 64, colour = '#c13584' } = {},
): Promise<Buffer> {
  // A string, so the test's TypeScript needs no DOM types.
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = ${width};
    canvas.height = ${height};
    const context = canvas.getContext('2d');
    context.fillStyle = ${JSON.stringify(colour)};
    context.fillRect(0, 0, ${width}, ${height});
    context.fillStyle = '#ffffff';
    context.fillRect(${width / 4}, ${height / 4}, ${width / 2}, ${height / 2});
    return canvas.toDataURL('image/png');
  })()`);
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

/** Picks an option of an MUI select (a combobox whose name starts with its label). */
export async function selectOption(scope: Page | Locator, label: string, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await scope.getByRole('combobox', { name: new RegExp(`^${escaped}\\b`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Types into an MUI autocomplete and picks the option, then closes its list. */
export async function pickAutocomplete(scope: Page | Locator, label: string, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await input.press('Escape');
}

/** The natural size of an image the page can load. */
export function imageSize(page: Page, src: string): Promise<[number, number]> {
  return page.evaluate<[number, number]>(`(async () => {
    const image = new Image();
    image.src = ${JSON.stringify(src)};
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  })()`);
}
