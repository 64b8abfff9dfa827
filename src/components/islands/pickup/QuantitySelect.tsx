import type { Ref } from 'react';

export interface QuantitySelectProps {
	id: string;
	/** Pieces chosen. */
	value: number;
	/** Most pieces offered (at least 1); a chosen value above it is still shown. */
	max: number;
	onChange: (value: number) => void;
	selectRef?: Ref<HTMLSelectElement>;
	/** Ties the select to a line's availability or error. */
	describedBy?: string | undefined;
	invalid?: boolean;
}

/**
 * How many pieces: a native select from 1 to `max`, which phones show as their own picker and
 * which works before its island hydrates (the island reads its value when it does).
 */
export function QuantitySelect({
	id,
	value,
	max,
	onChange,
	selectRef,
	describedBy,
	invalid = false,
}: QuantitySelectProps) {
	const count = Math.max(1, max, value);
	return (
		<select
			id={id}
			ref={selectRef}
			value={value}
			onChange={(event) => onChange(Number(event.target.value))}
			aria-describedby={describedBy}
			aria-invalid={invalid}
			className="block min-h-11 w-20 rounded-lg border border-zinc-500 bg-white px-3 py-2 text-base aria-invalid:border-2 aria-invalid:border-red-700"
		>
			{Array.from({ length: count }, (_, index) => (
				<option key={index + 1} value={index + 1}>
					{index + 1}
				</option>
			))}
		</select>
	);
}
