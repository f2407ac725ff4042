protocol ProfileModuleInput: AnyObject {
    func configure(userID: Int)
}
