/** The heart of favourites: outlined, or filled when `filled`. Decorative (aria-hidden). */
export default function HeartIcon({ filled = false }: { filled?: boolean }) {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			width="22"
			height="22"
			fill={filled ? 'currentColor' : 'none'}
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			<path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
		</svg>
	);
}
