package wire

// Bundle maps MIME types to data, as Jupyter's display messages carry.
// The entry MetadataKey, if any, is not data but the message's metadata
// (the size an image is shown at): the kernel sends it apart (SplitBundle).
// kernel/display, which cells use, calls it display.Bundle.
type Bundle map[string]any

// MetadataKey is the Bundle entry that holds a display message's metadata,
// such as {"image/png": {"width": 504, "height": 374}}. It has the form of
// a JSON MIME type, so a bundle passed on whole is still a valid one.
const MetadataKey = "application/vnd.coevo.metadata+json"

// SplitBundle returns the data of b, without MetadataKey, and its metadata
// (an empty map when it has none), as a display_data or execute_result
// message carries them.
func SplitBundle(b Bundle) (data Bundle, metadata map[string]any) {
	md, ok := b[MetadataKey].(map[string]any)
	if !ok {
		if _, there := b[MetadataKey]; !there {
			return b, map[string]any{}
		}
		md = map[string]any{}
	}
	data = make(Bundle, len(b))
	for k, v := range b {
		if k != MetadataKey {
			data[k] = v
		}
	}
	return data, md
}
