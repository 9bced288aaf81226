import CoreGraphics

/// Tutorial code imports CoreGraphics for its geometry types; on Linux, Statehouse's
/// CoreGraphics module re-exports Foundation's.
func progressWidth(_ fraction: CGFloat, of total: CGFloat) -> CGFloat {
    max(0, min(1, fraction)) * total
}

func scaledBadge(side: CGFloat, by scale: CGFloat) -> CGRect {
    let rect = CGRect(origin: CGPoint(x: 1, y: 2), size: CGSize(width: side, height: side))
    return rect.insetBy(dx: -side * (scale - 1) / 2, dy: -side * (scale - 1) / 2)
}
