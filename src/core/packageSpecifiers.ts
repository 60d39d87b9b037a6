/** The package a specifier names: `@scope/pkg` or `pkg`, without a subpath. */
export function packageName(text: string): string {
  const parts = text.split('/');
  return text.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A stylesheet, image or font a package ships (`@mantine/core/styles.css`): no code to call, nothing missing when it resolves to no types. */
export function isAssetImport(specifier: string): boolean {
  return specifier !== packageName(specifier) && /\.(css|scss|sass|less|styl|pcss|svg|png|jpe?g|gif|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp3|mp4|webm|wav|ogg)([?#].*)?$/i.test(specifier);
}
