// Tailwind CSS v4 through its PostCSS plugin; no remote fonts or assets are fetched at build time.
const config = { plugins: { '@tailwindcss/postcss': {} } };

export default config;
