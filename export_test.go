package permengine

// ExplainDiffers is explainDiffers, for the corpus tests of package
// permengine_test.
var ExplainDiffers = explainDiffers
