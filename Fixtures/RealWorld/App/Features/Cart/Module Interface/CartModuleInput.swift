protocol CartModuleInput: AnyObject {
    func reload()
}
