export type IconProps = {
	/** The icon's path data, one of lib/icons.ts (`iconClose`…). */
	path: string;
	size?: number;
	/** Stroke width in grid units (2 by default; the cookie banner's close is bolder). */
	strokeWidth?: number;
	/** Filled with the text colour (the heart of a saved favourite). */
	filled?: boolean;
	className?: string;
};

/** An icon of the site's set (lib/icons.ts), drawn as Icon.astro draws it; decorative (aria-hidden). */
export default function Icon({
	path,
	size = 24,
	strokeWidth = 2,
	filled = false,
	className,
}: IconProps) {
	return (
		<svg
			aria-hidden="true"
			viewBox="0 0 24 24"
			width={size}
			height={size}
			fill={filled ? 'currentColor' : 'none'}
			stroke="currentColor"
			strokeWidth={strokeWidth}
			strokeLinecap="round"
			strokeLinejoin="round"
			className={className}
		>
			<path d={path} />
		</svg>
	);
}
