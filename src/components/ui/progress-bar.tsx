/**
 * A native <progress> (role progressbar, announced with its label) drawn the same in every browser and
 * colour mode. Without a value it is indeterminate, for an engine or upload that cannot tell how far it is.
 */
export function ProgressBar({ label, value, className = "" }: { label: string; value: number | null; className?: string }) {
  return (
    <progress
      aria-label={label}
      max={1}
      {...(value === null ? {} : { value })}
      className={`h-2 appearance-none overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700 [&::-moz-progress-bar]:bg-primary-600 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-primary-600 dark:[&::-moz-progress-bar]:bg-primary-400 dark:[&::-webkit-progress-bar]:bg-gray-700 dark:[&::-webkit-progress-value]:bg-primary-400 ${className}`}
    />
  );
}
